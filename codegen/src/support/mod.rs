//! Pieces every stage may use: they depend on nothing above them.

pub mod doc_table;
pub mod suggest;
