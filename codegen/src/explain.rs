//! `errdex explain`: a code's reference as terminal text or JSON (not yet written).
