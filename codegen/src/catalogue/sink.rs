//! The bottom of the readers: where diagnostics go, and the source text their spans point
//! into. Every reader is a method of [`Cx`].

use crate::diag::{DiagCode, Diagnostic, Span};

use super::tree::Limits;

/// What every reader writes to and reads from: the diagnostics so far, the source text and
/// the limits.
pub(super) struct Cx<'s> {
    pub(super) diags: Vec<Diagnostic>,
    pub(super) src: &'s str,
    pub(super) limits: &'s Limits,
}

impl<'s> Cx<'s> {
    pub(super) fn new(src: &'s str, limits: &'s Limits) -> Self {
        Cx {
            diags: Vec::new(),
            src,
            limits,
        }
    }

    pub(super) fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// Adds a diagnostic at `span` and returns it, to set its label or help.
    pub(super) fn err(
        &mut self,
        code: DiagCode,
        span: Span,
        args: &[(&'static str, &str)],
    ) -> &mut Diagnostic {
        self.diags.push(Diagnostic::new(code, Some(span), args));
        let last = self.diags.len() - 1;
        &mut self.diags[last]
    }

    /// The source text under `span` (empty when it is not in the source).
    pub(super) fn src_text(&self, span: Span) -> &'s str {
        self.src
            .get(span.offset..span.offset + span.len)
            .unwrap_or("")
    }

    /// The span of the first occurrence of `needle` inside `span` (a string node's), or
    /// `span` itself when the text is not found.
    pub(super) fn span_within(&self, span: Span, needle: &str) -> Span {
        let end = (span.offset + span.len).min(self.src.len());
        let Some(hay) = self.src.get(span.offset..end) else {
            return span;
        };
        match hay.find(needle) {
            Some(i) => {
                let offset = span.offset + i;
                let line_start = self.src[..offset].rfind('\n').map_or(0, |p| p + 1);
                Span {
                    offset,
                    len: needle.len(),
                    line: span.line + self.src[span.offset..offset].matches('\n').count(),
                    column: self.src[line_start..offset].chars().count() + 1,
                }
            }
            None => span,
        }
    }
}
