//! What a benchmark runs on: a scale catalogue of N codes (`cargo xtask scale N`) or any
//! catalogue file, so every measurement can be rerun on catalogues this repository has never
//! seen: `cargo xtask bench-generate 10000 path/to/errors.yaml`.

use errdex_codegen::ir::Catalogue;

use crate::scale;

pub struct Input {
    /// `N` for a scale catalogue, the path as given otherwise (used in tables and names).
    pub label: String,
    /// The catalogue text.
    pub src: String,
    /// The name diagnostics and headers use.
    pub file: String,
}

impl Input {
    /// `"10000"` / `"10_000"` / `"10,000"` is a scale catalogue; anything else a file path.
    pub fn parse(arg: &str) -> Result<Input, String> {
        Input::parse_with(arg, false)
    }

    /// As [`Input::parse`]; a scale catalogue with the large-catalogue recipe when `recipe`
    /// (a catalogue file is taken as written).
    pub fn parse_with(arg: &str, recipe: bool) -> Result<Input, String> {
        if let Ok(n) = arg.replace([',', '_'], "").parse::<usize>() {
            return Ok(Input {
                label: if recipe {
                    format!("{n} recipe")
                } else {
                    n.to_string()
                },
                src: scale::catalogue_with(n, recipe),
                file: "errors.yaml".into(),
            });
        }
        let src = std::fs::read_to_string(arg).map_err(|e| format!("{arg}: {e}"))?;
        // The path as given: `errors.yaml` files are usually told apart by their folder.
        let label = arg.to_string();
        Ok(Input {
            label,
            src,
            file: arg.to_string(),
        })
    }

    /// Every argument as an input; `default` when there is none.
    pub fn all(args: &[String], default: &[usize]) -> Result<Vec<Input>, String> {
        Input::all_with(args, default, false)
    }

    /// As [`Input::all`], scale catalogues with the recipe when `recipe`.
    pub fn all_with(
        args: &[String],
        default: &[usize],
        recipe: bool,
    ) -> Result<Vec<Input>, String> {
        if args.is_empty() {
            return default
                .iter()
                .map(|n| Input::parse_with(&n.to_string(), recipe))
                .collect();
        }
        args.iter().map(|a| Input::parse_with(a, recipe)).collect()
    }

    /// The label as a crate-name part: lowercase ASCII letters, digits and `-`.
    pub fn crate_label(&self) -> String {
        Input::crate_label_of(&self.label)
    }

    /// Any label as a crate-name part (see [`Input::crate_label`]).
    pub fn crate_label_of(label: &str) -> String {
        label
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '-'
                }
            })
            .collect()
    }

    /// The validated catalogue, or what is wrong with it.
    pub fn catalogue(&self) -> Result<Catalogue, String> {
        let loaded = errdex_codegen::load_str(&self.src, &self.file);
        loaded.catalogue.ok_or_else(|| {
            let first = loaded
                .diagnostics
                .first()
                .map(|d| format!("{}: {}", d.code.as_str(), d.message))
                .unwrap_or_default();
            format!(
                "{} is not a valid catalogue ({first}); run `errdex lint`",
                self.file
            )
        })
    }
}
