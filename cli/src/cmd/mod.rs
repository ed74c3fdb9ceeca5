pub mod diff;
pub mod explain;
pub mod generate;
pub mod init;
pub mod lint;
pub mod new;
pub mod split;
pub mod usage;
