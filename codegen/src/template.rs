//! Message and suggestion templates: `{param}` placeholders, `{{` and `}}` escape braces.

/// One piece of a parsed template.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// Literal text, braces already unescaped.
    Lit(String),
    /// A placeholder: the param name and its index among the entry's params.
    Param { name: String, index: usize },
}

/// A parsed template. `raw` is the catalogue text as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Template {
    pub raw: String,
    pub parts: Vec<Part>,
}

/// A problem found while parsing a template; `offset` is a byte offset into the raw text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TemplateError {
    /// `{` without a matching `}` (or a lone `}`).
    Unbalanced { offset: usize },
    /// `{name}` where `name` is not a declared param.
    UnknownParam { name: String, offset: usize },
    /// `{}` or `{not an identifier}`.
    BadPlaceholder { text: String, offset: usize },
}

/// Placeholders as they appear, before params are known: (name, byte offset of `{`).
pub fn placeholders(raw: &str) -> Result<Vec<(String, usize)>, TemplateError> {
    let mut out = Vec::new();
    let bytes = raw.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'{' if bytes.get(i + 1) == Some(&b'{') => i += 2,
            b'}' if bytes.get(i + 1) == Some(&b'}') => i += 2,
            b'{' => {
                let Some(end) = raw[i + 1..].find(['}', '{']).map(|e| e + i + 1) else {
                    return Err(TemplateError::Unbalanced { offset: i });
                };
                if bytes[end] == b'{' {
                    return Err(TemplateError::Unbalanced { offset: i });
                }
                let name = &raw[i + 1..end];
                if !crate::names::is_param_name(name) {
                    return Err(TemplateError::BadPlaceholder {
                        text: name.to_string(),
                        offset: i,
                    });
                }
                out.push((name.to_string(), i));
                i = end + 1;
            }
            b'}' => return Err(TemplateError::Unbalanced { offset: i }),
            _ => i += 1,
        }
    }
    Ok(out)
}

impl Template {
    /// Parses `raw` against the declared param names (in order).
    pub fn parse(raw: &str, params: &[&str]) -> Result<Template, TemplateError> {
        let holes = placeholders(raw)?;
        let mut parts = Vec::new();
        let mut lit = String::new();
        let mut pos = 0;
        for (name, offset) in holes {
            push_unescaped(&mut lit, &raw[pos..offset]);
            let Some(index) = params.iter().position(|p| *p == name) else {
                return Err(TemplateError::UnknownParam { name, offset });
            };
            if !lit.is_empty() {
                parts.push(Part::Lit(std::mem::take(&mut lit)));
            }
            pos = offset + name.len() + 2;
            parts.push(Part::Param { name, index });
        }
        push_unescaped(&mut lit, &raw[pos..]);
        if !lit.is_empty() {
            parts.push(Part::Lit(lit));
        }
        Ok(Template {
            raw: raw.to_string(),
            parts,
        })
    }

    /// Renders with one string per param (indexed like the entry's params).
    pub fn render(&self, values: &[String]) -> String {
        let value = |index: usize| values.get(index).map_or("", String::as_str);
        let len = self
            .parts
            .iter()
            .map(|p| match p {
                Part::Lit(l) => l.len(),
                Part::Param { index, .. } => value(*index).len(),
            })
            .sum();
        let mut s = String::with_capacity(len);
        for p in &self.parts {
            match p {
                Part::Lit(l) => s.push_str(l),
                Part::Param { index, .. } => s.push_str(value(*index)),
            }
        }
        s
    }

    /// Indices of the params this template uses.
    pub fn used_params(&self) -> impl Iterator<Item = usize> + '_ {
        self.parts.iter().filter_map(|p| match p {
            Part::Param { index, .. } => Some(*index),
            Part::Lit(_) => None,
        })
    }
}

/// `s` with `{{` and `}}` read as `{` and `}`, appended to `out`. Most literal text has no
/// brace and is copied whole: a template is parsed for every message and suggestion of the
/// catalogue, 100,000 at 50,000 codes.
fn push_unescaped(out: &mut String, s: &str) {
    if !s.contains(['{', '}']) {
        out.push_str(s);
        return;
    }
    out.push_str(&s.replace("{{", "{").replace("}}", "}"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_renders() {
        let t = Template::parse("{field} is {{required}} for {x}", &["x", "field"])
            .expect("valid template");
        assert_eq!(t.render(&["X".into(), "F".into()]), "F is {required} for X");
        assert_eq!(t.used_params().collect::<Vec<_>>(), vec![1, 0]);
    }

    #[test]
    fn errors() {
        assert_eq!(
            Template::parse("a {b", &["b"]),
            Err(TemplateError::Unbalanced { offset: 2 })
        );
        assert_eq!(
            Template::parse("a } b", &[]),
            Err(TemplateError::Unbalanced { offset: 2 })
        );
        assert_eq!(
            Template::parse("a {nope}", &["b"]),
            Err(TemplateError::UnknownParam {
                name: "nope".into(),
                offset: 2
            })
        );
        assert!(matches!(
            Template::parse("a {1x}", &[]),
            Err(TemplateError::BadPlaceholder { .. })
        ));
        assert!(matches!(
            Template::parse("a {}", &[]),
            Err(TemplateError::BadPlaceholder { .. })
        ));
    }
}
