//! Pieces every stage may use: they depend on nothing above them (at most the IR and
//! [`crate::names`]), and no two emitters share anything that is not here.

pub mod body_schema;
pub mod book;
pub mod doc_table;
pub mod entry_json;
pub mod facts;
pub mod header;
pub mod pretty_json;
pub mod py_repr;
pub mod raised_at;
pub mod suggest;
