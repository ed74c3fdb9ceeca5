//! The Rust side of the fixture: the generated crate's identifiers.

pub fn check(field: &str) -> Result<(), Error> {
    if field.is_empty() {
        return Err(Error::frm_validation(field));
    }
    Ok(())
}

pub fn tool(name: &str) -> Result<(), Error> {
    match name {
        "a" => Err(Error::unknown_tool(name)),
        "b" => Err(Error::unknown_tool(name)),
        _ => Ok(()),
    }
}

pub fn is_unknown(e: &Error) -> bool {
    e.code() == ErrorCode::UnknownTool
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_tested() {
        let _ = ErrorCode::OnlyTested;
    }
}
