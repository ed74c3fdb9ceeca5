//! What a Python file imports, as far as `errdex usage` needs it: a factory of the generated
//! package is a bare name as common as the NAME it comes from (`error(` for a code named
//! ERROR), so a call counts only where the file imports that name, or on the package's
//! module ([`crate::idents::IdentSpec::imported`]). Read from the text line by line, as the
//! search is: the `import` and `from … import` statements anywhere in the file (also inside
//! functions, in parentheses over several lines, continued with `\`, or after a `;`), with
//! comments and string literals (docstrings over lines among them) set aside.
//! `codegen/tests/usage_python_imports.rs` holds the reading to Python's own parser.

use std::borrow::Cow;
use std::collections::HashSet;

/// The top-level modules of Python's standard library (`sys.stdlib_module_names` of
/// Python 3.11, without the private ones), sorted: a name imported from one of them
/// (`from logging import error`) is never a factory of the generated package.
#[rustfmt::skip]
const STDLIB: [&str; 217] = [
    "abc", "aifc", "antigravity", "argparse", "array", "ast", "asynchat", "asyncio", "asyncore",
    "atexit", "audioop", "base64", "bdb", "binascii", "bisect", "builtins", "bz2", "cProfile",
    "calendar", "cgi", "cgitb", "chunk", "cmath", "cmd", "code", "codecs", "codeop",
    "collections", "colorsys", "compileall", "concurrent", "configparser", "contextlib",
    "contextvars", "copy", "copyreg", "crypt", "csv", "ctypes", "curses", "dataclasses",
    "datetime", "dbm", "decimal", "difflib", "dis", "distutils", "doctest", "email",
    "encodings", "ensurepip", "enum", "errno", "faulthandler", "fcntl", "filecmp", "fileinput",
    "fnmatch", "fractions", "ftplib", "functools", "gc", "genericpath", "getopt", "getpass",
    "gettext", "glob", "graphlib", "grp", "gzip", "hashlib", "heapq", "hmac", "html", "http",
    "idlelib", "imaplib", "imghdr", "imp", "importlib", "inspect", "io", "ipaddress",
    "itertools", "json", "keyword", "lib2to3", "linecache", "locale", "logging", "lzma",
    "mailbox", "mailcap", "marshal", "math", "mimetypes", "mmap", "modulefinder", "msilib",
    "msvcrt", "multiprocessing", "netrc", "nis", "nntplib", "nt", "ntpath", "nturl2path",
    "numbers", "opcode", "operator", "optparse", "os", "ossaudiodev", "pathlib", "pdb",
    "pickle", "pickletools", "pipes", "pkgutil", "platform", "plistlib", "poplib", "posix",
    "posixpath", "pprint", "profile", "pstats", "pty", "pwd", "py_compile", "pyclbr", "pydoc",
    "pydoc_data", "pyexpat", "queue", "quopri", "random", "re", "readline", "reprlib",
    "resource", "rlcompleter", "runpy", "sched", "secrets", "select", "selectors", "shelve",
    "shlex", "shutil", "signal", "site", "smtpd", "smtplib", "sndhdr", "socket", "socketserver",
    "spwd", "sqlite3", "sre_compile", "sre_constants", "sre_parse", "ssl", "stat", "statistics",
    "string", "stringprep", "struct", "subprocess", "sunau", "symtable", "sys", "sysconfig",
    "syslog", "tabnanny", "tarfile", "telnetlib", "tempfile", "termios", "textwrap", "this",
    "threading", "time", "timeit", "tkinter", "token", "tokenize", "tomllib", "trace",
    "traceback", "tracemalloc", "tty", "turtle", "turtledemo", "types", "typing", "unicodedata",
    "unittest", "urllib", "uu", "uuid", "venv", "warnings", "wave", "weakref", "webbrowser",
    "winreg", "winsound", "wsgiref", "xdrlib", "xml", "xmlrpc", "zipapp", "zipfile",
    "zipimport", "zlib", "zoneinfo",
];

/// The names a Python file imports and the names it binds to the generated package.
#[derive(Debug, Default)]
pub struct Imports {
    /// Names imported unchanged by `from M import name` (any M: a project may re-export the
    /// package's factories from a module of its own).
    pub names: HashSet<String>,
    /// A `from M import *` somewhere: every bare name may be imported, but those the file
    /// defines itself (`defined`).
    pub star: bool,
    /// The functions the file defines (`def name(`), which a `*` import does not bring.
    pub defined: HashSet<String>,
    /// The names bound to the package's module or to what it holds: `import pkg` (`pkg`),
    /// `import pkg as e` (`e`), `from pkg import errors` (`errors`).
    pub modules: HashSet<String>,
    /// What the package gives under another name: `from pkg import auth_failed as failed`
    /// (`("auth_failed", "failed")`), `from pkg import ErrorCode as EC`.
    pub aliases: Vec<(String, String)>,
    /// The lines (1-based) that start inside a string over several lines, a docstring's:
    /// a `#` there is text, not a comment.
    pub in_string: Vec<u64>,
}

impl Imports {
    /// The imports of `text`, a Python file, whose generated package is named `package`.
    pub fn of(text: &[u8], package: &str) -> Imports {
        let text = String::from_utf8_lossy(text);
        let (code, in_string) = code_lines(&text);
        let mut imports = Imports {
            in_string,
            ..Imports::default()
        };
        let mut lines = code.iter();
        while let Some(line) = lines.next() {
            // `x = 1; from a import b`: each statement of the line in turn; the last one
            // may go on over the next lines.
            let mut segments = line.split(';').peekable();
            while let Some(segment) = segments.next() {
                let first = segment.trim();
                let def = first.strip_prefix("async").map_or(first, str::trim_start);
                if let Some(rest) = def.strip_prefix("def ") {
                    let name: String = rest
                        .trim_start()
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    imports.defined.insert(name);
                    continue;
                }
                if !(first.starts_with("import ") || first.starts_with("from ")) {
                    continue;
                }
                let mut statement = first.to_string();
                if segments.peek().is_none() {
                    // Over lines while a parenthesis is open or a line ends with `\`.
                    loop {
                        let open = statement.matches('(').count() > statement.matches(')').count();
                        let continued = statement.ends_with('\\');
                        if !(open || continued) {
                            break;
                        }
                        if continued {
                            statement.pop();
                        }
                        match lines.next() {
                            Some(next) => {
                                statement.push(' ');
                                statement.push_str(next.trim());
                            }
                            None => break,
                        }
                    }
                }
                for part in statement.split(';') {
                    imports.read(part.trim(), package);
                }
            }
        }
        imports
    }

    fn read(&mut self, statement: &str, package: &str) {
        let of_package = |module: &str| {
            module == package
                || module
                    .strip_prefix(package)
                    .is_some_and(|rest| rest.starts_with('.'))
        };
        if let Some(rest) = statement.strip_prefix("import ") {
            for item in rest.split(',') {
                let mut words = item.split_whitespace();
                let (Some(module), alias) = (words.next(), words.nth(1)) else {
                    continue;
                };
                if of_package(module) {
                    let bound = alias.unwrap_or_else(|| module.split('.').next().unwrap_or(module));
                    self.modules.insert(bound.to_string());
                }
            }
        } else if let Some(rest) = statement.strip_prefix("from ")
            && let Some((_, names)) = rest.split_once(" import ")
        {
            let module = rest.split_whitespace().next().unwrap_or("");
            let top = module.split('.').next().unwrap_or(module);
            if STDLIB.binary_search(&top).is_ok() {
                // `from logging import error`, `from os import *`: not the package's.
                return;
            }
            let names = names.replace(['(', ')'], " ");
            for item in names.split(',') {
                let mut words = item.split_whitespace();
                let (name, as_, alias) = (words.next(), words.next(), words.next());
                // A name bound from the package (`from acme_errors import errors`): a
                // module of it, or anything a factory may be called on.
                if of_package(module)
                    && let Some(bound) = alias.filter(|_| as_ == Some("as")).or(name)
                    && bound != "*"
                {
                    self.modules.insert(bound.to_string());
                }
                if of_package(module)
                    && let (Some(name), Some("as"), Some(alias)) = (name, as_, alias)
                    && name != alias
                {
                    self.aliases.push((name.to_string(), alias.to_string()));
                }
                match (name, as_, alias) {
                    (Some("*"), None, _) => self.star = true,
                    (Some(name), None, _) => {
                        self.names.insert(name.to_string());
                    }
                    // `name as name` binds the name itself.
                    (Some(name), Some("as"), Some(alias)) if alias == name => {
                        self.names.insert(name.to_string());
                    }
                    _ => {}
                }
            }
        }
    }

    /// Whether the line `number` (1-based) starts inside a string over several lines.
    pub fn starts_in_string(&self, number: u64) -> bool {
        self.in_string.binary_search(&number).is_ok()
    }

    /// Whether the call of `name` at byte `start` of `line` calls the package's factory:
    /// `module.name(` on a name bound to the package, or a bare `name(` the file imports.
    pub fn counts(&self, line: &[u8], start: usize, name: &str) -> bool {
        // `def error(`: the file's own function (or method) of that name, never a call.
        let before = line[..start].trim_ascii_end();
        if before.ends_with(b"def")
            && (before.len() == 3 || !is_ident(before[before.len() - 4]))
            && before.len() < start
        {
            return false;
        }
        match start.checked_sub(1).map(|i| line[i]) {
            Some(b'.') => {
                let end = start - 1;
                let from = line[..end]
                    .iter()
                    .rposition(|&b| !is_ident(b))
                    .map_or(0, |i| i + 1);
                std::str::from_utf8(&line[from..end]).is_ok_and(|m| self.modules.contains(m))
            }
            _ => self.names.contains(name) || (self.star && !self.defined.contains(name)),
        }
    }
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Each line of a Python file as code alone: comments removed, and every string literal
/// (quoted, or triple-quoted over lines: a docstring's "from pkg import x" is not an import)
/// left as an empty pair of quotes.
fn code_lines(text: &str) -> (Vec<Cow<'_, str>>, Vec<u64>) {
    // Inside a string: its quote character and whether it is tripled.
    let mut string: Option<(char, bool)> = None;
    let mut out = Vec::new();
    let mut in_string = Vec::new();
    for line in text.lines() {
        if string.is_some() {
            in_string.push(out.len() as u64 + 1);
        }
        // Most lines hold no quote and no comment: themselves.
        if string.is_none() && !line.contains(['"', '\'', '#']) {
            out.push(Cow::Borrowed(line));
            continue;
        }
        let mut code = String::with_capacity(line.len());
        let mut chars = line.chars().peekable();
        let mut escaped = false;
        while let Some(c) = chars.next() {
            match string {
                Some(_) if escaped => escaped = false,
                Some(_) if c == '\\' => escaped = true,
                Some((q, triple)) if c == q => {
                    let closes = !triple || {
                        let mut ahead = chars.clone();
                        ahead.next() == Some(q) && ahead.next() == Some(q)
                    };
                    if closes {
                        if triple {
                            chars.next();
                            chars.next();
                        }
                        code.push(q);
                        string = None;
                    }
                }
                Some(_) => {}
                None if c == '#' => break,
                None if c == '"' || c == '\'' => {
                    let mut ahead = chars.clone();
                    let triple = ahead.next() == Some(c) && ahead.next() == Some(c);
                    if triple {
                        chars.next();
                        chars.next();
                    }
                    code.push(c);
                    string = Some((c, triple));
                }
                None => code.push(c),
            }
        }
        // A quoted string ends with its line unless a `\` continues it.
        if let Some((_, false)) = string
            && !escaped
        {
            string = None;
        }
        out.push(Cow::Owned(code));
    }
    (out, in_string)
}

#[cfg(test)]
mod tests {
    use super::Imports;

    fn counts(file: &str, line: &str, name: &str) -> bool {
        let imports = Imports::of(file.as_bytes(), "ledgerly_errors");
        let start = line
            .find(&format!("{name}("))
            .expect("the call is in the line");
        imports.counts(line.as_bytes(), start, name)
    }

    #[test]
    fn a_method_or_a_local_function_is_no_use() {
        let file = "import logging\nfrom ledgerly_errors import card_declined\n";
        assert!(!counts(
            file,
            "logging.getLogger(__name__).error(\"x\")",
            "error"
        ));
        assert!(!counts(file, "    log.error(\"disk full\")", "error"));
        assert!(!counts(file, "logging.error(\"x\")", "error"));
        assert!(!counts(file, "total = result(1)", "result"));
        assert!(counts(
            file,
            "raise card_declined(reason=\"x\")",
            "card_declined"
        ));
    }

    #[test]
    fn on_the_package_module_or_its_alias() {
        let file = "import os, ledgerly_errors as errs\nimport ledgerly_errors\n";
        assert!(counts(file, "raise errs.error()", "error"));
        assert!(counts(file, "raise ledgerly_errors.error()", "error"));
        assert!(!counts(file, "raise os.error()", "error"));
        assert!(!counts(file, "raise error()", "error"));
        let file = "from ledgerly_errors import errors\nfrom app import more\n";
        assert!(counts(file, "raise errors.error()", "error"));
        assert!(!counts(file, "raise more.error()", "error"));
        // A module of another package whose name starts alike.
        let file = "import ledgerly_errors_extra as errs\n";
        assert!(!counts(file, "raise errs.error()", "error"));
    }

    #[test]
    fn names_imported_under_another_name() {
        let imports = Imports::of(
            b"from ledgerly_errors import auth_failed as failed, ErrorCode as EC\nfrom other import x as y\n",
            "ledgerly_errors",
        );
        assert_eq!(
            imports.aliases,
            [
                ("auth_failed".to_string(), "failed".to_string()),
                ("ErrorCode".to_string(), "EC".to_string())
            ]
        );
    }

    #[test]
    fn statements_over_lines_and_star_imports() {
        let file = "def f():\n    from app.errors import (  # re-exported\n        card_declined,\n        error as _error,\n        result\n    )\n";
        assert!(counts(file, "raise card_declined()", "card_declined"));
        assert!(counts(file, "raise result()", "result"));
        assert!(
            !counts(file, "raise error()", "error"),
            "imported under another name"
        );
        let file = "from ledgerly_errors import \\\n    error\n";
        assert!(counts(file, "raise error()", "error"));
        let file = "from ledgerly_errors import *\n";
        assert!(counts(file, "raise error()", "error"));
        // The file's own function or method of that name is defined, not called.
        assert!(!counts(file, "def error(x):", "error"));
        assert!(!counts(file, "    async def error(self):", "error"));
        assert!(counts(file, "undef = error()", "error"));
        // A function of the file's own shadows what the `*` import brought.
        let file = "from ledgerly_errors import *\n\ndef error(x):\n    return x\n";
        assert!(!counts(file, "error(1)", "error"));
        assert!(counts(file, "raise result()", "result"));
        let file = "from a import b  # , error\nx = 1  # from c import error\n";
        assert!(!counts(file, "raise error()", "error"));
        let file = "import sys; from ledgerly_errors import error\n";
        assert!(counts(file, "raise error()", "error"));
        // The standard library's functions are not the package's factories.
        let file = "from logging import error\nfrom os.path import *\n";
        assert!(!counts(file, "    error(\"disk full\")", "error"));
        assert!(!counts(file, "raise result()", "result"));
    }
}
