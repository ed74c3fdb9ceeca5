//! The tombstones of `retired:`.

use super::*;

impl<'a> Differ<'a> {
    // ------------------------------------------------------------------- retired

    pub(super) fn retired(&mut self) {
        let old = self.old;
        let new = self.new;
        for r in &old.retired {
            let s = Subject {
                scope: Scope::Retired,
                code: &r.code,
                name: r.name.as_deref(),
            };
            match new.retired.iter().find(|x| x.code == r.code) {
                Some(nr) => {
                    for (field, a, b) in [
                        ("retired.name", &r.name, &nr.name),
                        ("retired.since", &r.since, &nr.since),
                        ("retired.note", &r.note, &nr.note),
                        (
                            "retired.replaced_by",
                            &r.replaced_by.map(|i| old.errors[i].name.clone()),
                            &nr.replaced_by.map(|i| new.errors[i].name.clone()),
                        ),
                    ] {
                        if a != b {
                            self.push(
                                &s,
                                ChangeKind::TombstoneChanged,
                                field,
                                a.clone(),
                                b.clone(),
                                "",
                            );
                        }
                    }
                }
                None => {
                    let reuse = new
                        .errors
                        .iter()
                        .find(|e| e.code == r.code || e.legacy_codes.contains(&r.code));
                    match reuse {
                        Some(e) => self.push(
                            &s,
                            ChangeKind::RetiredCodeReused,
                            "retired",
                            Some("retired".into()),
                            Some(format!("used by {}", e.name)),
                            format!(
                                "`{}` was retired: old clients, logs and stored payloads give it \
                                 another meaning. Pick a new code for {} and keep the tombstone.",
                                r.code, e.name
                            ),
                        ),
                        None => self.push(
                            &s,
                            ChangeKind::TombstoneRemoved,
                            "retired",
                            Some(r.code.clone()),
                            None,
                            "The tombstone is what stops the code from being reused. Keep it \
                             in `retired:`.",
                        ),
                    }
                }
            }
        }
        for nr in &new.retired {
            let known = old.retired.iter().any(|x| x.code == nr.code)
                || old.errors.iter().any(|e| e.code == nr.code);
            if !known {
                let s = Subject {
                    scope: Scope::Retired,
                    code: &nr.code,
                    name: nr.name.as_deref(),
                };
                self.push(
                    &s,
                    ChangeKind::TombstoneAdded,
                    "retired",
                    None,
                    Some(nr.code.clone()),
                    "",
                );
            }
        }
    }
}
