//! Pieces every stage above the IR may use (the front end too): they depend on nothing above
//! the IR (at most [`crate::ir`], [`crate::names`], [`crate::targets`] and [`crate::text`]),
//! and no two emitters share anything that is not here.

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
