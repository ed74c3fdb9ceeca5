//! `errdex diff`: breaking and compatible changes between two catalogues (not yet written).
