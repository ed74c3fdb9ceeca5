//! Pieces every stage may use: they depend on nothing above them.

pub mod suggest;
pub mod text;
