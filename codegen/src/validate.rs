//! Located tree → validated IR, collecting every problem. Not yet written.
