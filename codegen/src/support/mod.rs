//! Pieces every stage may use: they depend on nothing above them.

pub mod header;
pub mod pretty_json;
pub mod suggest;
pub mod text;
