//! Error classes: the registry's base class, a namespace's class and an entry's own
//! (`class:`), each an UpperCamel name no generated type or target built-in already takes.

use crate::diag::DiagCode;

use super::format::KeyRef;
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
    /// An error class name (`class:` of the registry, a namespace or an entry): its
    /// declared pattern ([`super::format::CLASS_NAME`]), and none the targets already use.
    pub(super) fn class_name(&mut self, f: &Fields, key: KeyRef) -> Option<String> {
        let name = self.declared_text(f, key, |cx, node, name| {
            cx.err(
                DiagCode::InvalidName,
                node.span,
                &[
                    ("name", name),
                    ("kind", "error class"),
                    ("rule", "a class is UpperCamel: ASCII letters and digits, starting with an upper-case letter"),
                ],
            );
        })?;
        let node = f.get(key)?;
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
