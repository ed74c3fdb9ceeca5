//! YAML text → located generic tree (serde-saphyr `Spanned` nodes). Not yet written.
