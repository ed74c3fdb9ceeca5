//! Error classes: the registry's base class, a namespace's class and an entry's own
//! (`class:`), each an UpperCamel name no generated type or target built-in already takes.

use crate::diag::DiagCode;

use super::read::Fields;
use super::sink::Cx;

/// Names an error class may not take: the types every target generates beside the classes,
/// and the built-in exception classes of the target languages.
const RESERVED_CLASSES: [&str; 16] = [
    "ErrorCode",
    "Category",
    "Namespace",
    "ErrdexError",
    "WireKeys",
    "WireField",
    "WireKind",
    "RetryAdvice",
    "LogLevel",
    "ParseCodeError",
    "Error",
    "TypeError",
    "RangeError",
    "Exception",
    "BaseException",
    "ValueError",
];

impl Cx<'_> {
    /// An error class name (`class:` of the registry, a namespace or an entry).
    pub(super) fn class_name(&mut self, f: &Fields, key: &str) -> Option<String> {
        let node = f.get(key)?;
        let name = self.text(node, key)?;
        let ok = name.starts_with(|c: char| c.is_ascii_uppercase())
            && name.chars().all(|c| c.is_ascii_alphanumeric());
        if !ok {
            self.err(
                DiagCode::InvalidName,
                node.span,
                &[
                    ("name", &name),
                    ("kind", "error class"),
                    ("rule", "a class is UpperCamel: ASCII letters and digits, starting with an upper-case letter"),
                ],
            );
            return None;
        }
        if RESERVED_CLASSES.contains(&name.as_str()) {
            self.err(
                DiagCode::InvalidName,
                node.span,
                &[
                    ("name", &name),
                    ("kind", "error class"),
                    (
                        "rule",
                        &format!(
                            "the generated code or the target languages already use it ({})",
                            RESERVED_CLASSES.join(", ")
                        ),
                    ),
                ],
            );
            return None;
        }
        Some(name)
    }
}
