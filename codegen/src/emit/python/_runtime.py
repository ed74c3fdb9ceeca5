# The runtime of every Python package errdex generates, shipped byte for byte as
# `<package>/_runtime.py` (after the `@generated` line). What varies by catalogue is data and
# names: `_catalogue.py` (registry, wire keys, profiles, categories, namespaces, retired
# codes), `_data.py` (the per-code rows and lookup maps, imported on first use) and
# `__init__.py` (the codes, keys and error classes by name; it re-exports this module's
# public names). Standard library only; Python >= 3.10.
#
# Checked as a file by `ruff` and `mypy --strict` (codegen/tests/python_runtime.rs), and in
# every generated package (codegen/tests/python_package.rs, with the shared vectors).
"""The renderings, parsers and factories of an errdex-generated package, over its data."""

from __future__ import annotations

# `typing` is imported by type checkers only: at runtime it would cost more than the codes.
TYPE_CHECKING = False

if TYPE_CHECKING:
    import typing as _t
    from collections.abc import Mapping as _Mapping
    from typing import TypeAlias as _TypeAlias

    from typing_extensions import Unpack as _Unpack

    #: A live code of the catalogue: a `str` type of its own (values come from `ErrorCode`
    #: or `parse()`, so a wrong code is a type error). `_types.pyi` re-exports it; at
    #: runtime the package's `Code` is `str`.
    Code = _t.NewType("Code", str)
    #: What `from_wire` makes of a payload.
    WireKind: _TypeAlias = _t.Literal["known", "unknown", "retired", "legacy", "invalid"]
    _Json: _TypeAlias = _t.Any

# ---- Row layouts: rendered from `LAYOUTS` in codegen/src/emit/python/rows.rs, where each
# row of `_catalogue.py` and `_data.py` is declared once (do not edit them here:
# `UPDATE_EXPECT=1 cargo test -p errdex-codegen --lib emit::python` rewrites this block).
# Read a field of a row by its name (`row[_CODE_DOCS_URL]`), never by its number.

if TYPE_CHECKING:
    #: A param of a code: its wire name, its type as the data spells it (`list:string`), its factory keyword.
    _ParamRow: _TypeAlias = tuple[
        str,  # name
        str,  # type
        str,  # keyword
    ]

    #: How to retry (a code's or a category's); the fields of `RetryAdvice`.
    _RetryRow: _TypeAlias = tuple[
        int | None,  # max_attempts
        int | None,  # initial_backoff_ms
        str | None,  # advice
    ]

    #: A deprecated code: since when, its replacement's code, a note.
    _DeprecationRow: _TypeAlias = tuple[
        str | None,  # since
        str | None,  # replaced_by
        str | None,  # note
    ]

    #: A live code: `_data.CODES[code]` (the last three: its HTTP profile's facts).
    _CodeRow: _TypeAlias = tuple[
        str,  # name
        str | None,  # namespace
        str,  # category
        str,  # summary
        str,  # message
        tuple[_ParamRow, ...],  # params
        str | None,  # suggestion
        bool,  # retryable
        _RetryRow | None,  # retry
        int,  # exit_code
        int,  # http_status
        int,  # jsonrpc_code
        bool,  # expected
        str,  # docs_url
        str | None,  # since
        _DeprecationRow | None,  # deprecated
        tuple[str, ...],  # aliases
        tuple[str, ...],  # legacy_codes
        str,  # class
        int | None,  # http_retry_after
        str,  # aip_reason
        str,  # google_status
    ]

    #: A category: `_catalogue.CATEGORIES[key]`.
    _CategoryRow: _TypeAlias = tuple[
        str,  # summary
        bool,  # retryable
        _RetryRow | None,  # retry
        int,  # exit_code
        int,  # http_status
        int,  # jsonrpc_code
        bool,  # expected
    ]

    #: A namespace: `_catalogue.NAMESPACES[key]`.
    _NamespaceRow: _TypeAlias = tuple[
        str,  # title
        str | None,  # summary
        str | None,  # code_prefix
        str | None,  # class
    ]

    #: A retired code: `_catalogue.RETIRED[code]`.
    _RetiredRow: _TypeAlias = tuple[
        str | None,  # name
        str | None,  # since
        str | None,  # note
    ]

# _ParamRow
_PARAM_NAME: _t.Final = 0
_PARAM_TYPE: _t.Final = 1
_PARAM_KEYWORD: _t.Final = 2

# _RetryRow
_RETRY_MAX_ATTEMPTS: _t.Final = 0
_RETRY_INITIAL_BACKOFF_MS: _t.Final = 1
_RETRY_ADVICE: _t.Final = 2

# _DeprecationRow
_DEPRECATION_SINCE: _t.Final = 0
_DEPRECATION_REPLACED_BY: _t.Final = 1
_DEPRECATION_NOTE: _t.Final = 2

# _CodeRow
_CODE_NAME: _t.Final = 0
_CODE_NAMESPACE: _t.Final = 1
_CODE_CATEGORY: _t.Final = 2
_CODE_SUMMARY: _t.Final = 3
_CODE_MESSAGE: _t.Final = 4
_CODE_PARAMS: _t.Final = 5
_CODE_SUGGESTION: _t.Final = 6
_CODE_RETRYABLE: _t.Final = 7
_CODE_RETRY: _t.Final = 8
_CODE_EXIT_CODE: _t.Final = 9
_CODE_HTTP_STATUS: _t.Final = 10
_CODE_JSONRPC_CODE: _t.Final = 11
_CODE_EXPECTED: _t.Final = 12
_CODE_DOCS_URL: _t.Final = 13
_CODE_SINCE: _t.Final = 14
_CODE_DEPRECATED: _t.Final = 15
_CODE_ALIASES: _t.Final = 16
_CODE_LEGACY_CODES: _t.Final = 17
_CODE_CLASS: _t.Final = 18
_CODE_HTTP_RETRY_AFTER: _t.Final = 19
_CODE_AIP_REASON: _t.Final = 20
_CODE_GOOGLE_STATUS: _t.Final = 21

# _CategoryRow
_CATEGORY_SUMMARY: _t.Final = 0
_CATEGORY_RETRYABLE: _t.Final = 1
_CATEGORY_RETRY: _t.Final = 2
_CATEGORY_EXIT_CODE: _t.Final = 3
_CATEGORY_HTTP_STATUS: _t.Final = 4
_CATEGORY_JSONRPC_CODE: _t.Final = 5
_CATEGORY_EXPECTED: _t.Final = 6

# _NamespaceRow
_NAMESPACE_TITLE: _t.Final = 0
_NAMESPACE_SUMMARY: _t.Final = 1
_NAMESPACE_CODE_PREFIX: _t.Final = 2
_NAMESPACE_CLASS: _t.Final = 3

# _RetiredRow
_RETIRED_NAME: _t.Final = 0
_RETIRED_SINCE: _t.Final = 1
_RETIRED_NOTE: _t.Final = 2

# ---- End of the row layouts.

# The package this module belongs to (`milo_errors`).
_PACKAGE: _t.Final = __name__.rpartition(".")[0]


class _Module:
    """A generated data module of the package, imported on first use: importing the package
    stays as cheap as importing its codes. Type checkers read the declarations of the
    subclasses below, never the rows."""

    def __init__(self, module: str) -> None:
        self._module = module

    if not TYPE_CHECKING:

        def __getattr__(self, name):
            keys = type(self).__annotations__
            if name not in keys:
                raise AttributeError(name)
            import importlib

            data = importlib.import_module(f"{_PACKAGE}.{self._module}")
            for key in keys:
                setattr(self, key, getattr(data, key))
            return getattr(data, name)


class _Catalogue(_Module):
    """`_catalogue.py`: the catalogue's own settings and small tables."""

    #: The registry this package was generated from (the package's `REGISTRY`).
    REGISTRY: dict[str, str]
    #: Key names of the wire object by role (`None`: the key is not sent), and `order`,
    #: the order of its reserved members by role (the package's `WIRE`).
    WIRE: dict[str, _t.Any]
    #: How an error becomes an MCP tool result, a JSON-RPC error object and an HTTP response
    #: (the package's `PROFILES`).
    PROFILES: dict[str, dict[str, _t.Any]]
    #: `profiles.terminal.values`: `json` or `python`.
    TERMINAL_VALUES: str
    #: Category key -> its row.
    CATEGORIES: dict[str, _CategoryRow]
    #: Namespace key -> its row.
    NAMESPACES: dict[str, _NamespaceRow]
    #: Retired code -> its row.
    RETIRED: dict[str, _RetiredRow]


class _Tables(_Module):
    """`_data.py`: the per-code tables."""

    #: Code -> its row.
    CODES: dict[str, _CodeRow]
    #: Factory name -> code.
    FACTORIES: dict[str, str]
    #: Wire code (current or legacy) -> current code.
    BY_WIRE_CODE: dict[str, str]
    #: NAMEs and aliases -> current code.
    BY_NAME: dict[str, str]
    #: Retired code or former NAME -> retired code.
    RETIRED_BY_NAME: dict[str, str]
    #: AIP-193 reason (under `profiles.http.reason`) -> current code.
    BY_REASON: dict[str, str]
    #: AIP-193 reason of a retired code -> retired code.
    RETIRED_BY_REASON: dict[str, str]
    #: Code -> param -> its `example:` as JSON text.
    PARAM_EXAMPLES: dict[str, dict[str, str]]


_c = _Catalogue("_catalogue")
_d = _Tables("_data")

# logging.WARNING and logging.ERROR, without importing logging.
_WARNING: _t.Final = 30
_ERROR: _t.Final = 40


if TYPE_CHECKING:

    class RetryAdvice(_t.NamedTuple):
        """How to retry a retryable code (each field `None` when the catalogue gives none)."""

        max_attempts: int | None
        initial_backoff_ms: int | None
        advice: str | None

    class Deprecation(_t.NamedTuple):
        """A deprecated code: since when, its replacement's code, a note."""

        since: str | None
        replaced_by: str | None
        note: str | None

    class CodeInfo(_t.NamedTuple):
        """The catalogue's facts of one live code."""

        code: str
        name: str
        namespace: str | None
        category: str
        summary: str
        message: str
        params: tuple[tuple[str, str], ...]
        suggestion: str | None
        retryable: bool
        retry: RetryAdvice | None
        exit_code: int
        http_status: int
        jsonrpc_code: int
        expected: bool
        #: `logging.WARNING` (30) for an expected error, `logging.ERROR` (40) otherwise.
        log_level: int
        docs_url: str
        since: str | None
        deprecated: Deprecation | None
        aliases: tuple[str, ...]
        legacy_codes: tuple[str, ...]
        error_class: str

    class HttpResponse(_t.NamedTuple):
        """The HTTP error response of an error under the catalogue's HTTP profile: what a
        server sends. Its fields map onto Starlette's (FastAPI's) response as they are:
        `Response(content=r.body, status_code=r.status, headers=dict(r.headers),
        media_type=r.media_type)`; log the error at `r.log_level`."""

        status: int
        #: `Content-Type`, then `Retry-After` when the code sends one (whole seconds).
        headers: list[tuple[str, str]]
        #: The body as compact JSON text (send it UTF-8 encoded).
        body: str
        #: `application/problem+json` (problem details) or `application/json`.
        media_type: str
        #: `logging.WARNING` (30) for an expected error, `logging.ERROR` (40) otherwise.
        log_level: int

    class HttpReading(_t.NamedTuple):
        """What a client makes of an HTTP error response (`read_http_response`)."""

        #: `known`, `unknown` (a newer catalogue's code), `retired`, `legacy` or `invalid`.
        kind: WireKind
        #: The code as received; `None` for a legacy or invalid body.
        code: str | None
        #: The message as received; `None` when the body has none (and when invalid).
        message: str | None
        status: int
        #: How long to wait before retrying, as the response says (`Retry-After`, else
        #: AIP-193's `RetryInfo`); `None` when it says nothing readable.
        retry_after_ms: int | None


# The fields of the named tuples above; at runtime they are built on first use (importing
# `collections` would cost more than the codes). python_runtime.rs holds the two together.
_NAMED_FIELDS: _t.Final = {
    "RetryAdvice": ("max_attempts", "initial_backoff_ms", "advice"),
    "Deprecation": ("since", "replaced_by", "note"),
    "CodeInfo": (
        "code",
        "name",
        "namespace",
        "category",
        "summary",
        "message",
        "params",
        "suggestion",
        "retryable",
        "retry",
        "exit_code",
        "http_status",
        "jsonrpc_code",
        "expected",
        "log_level",
        "docs_url",
        "since",
        "deprecated",
        "aliases",
        "legacy_codes",
        "error_class",
    ),
    "HttpResponse": ("status", "headers", "body", "media_type", "log_level"),
    "HttpReading": ("kind", "code", "message", "status", "retry_after_ms"),
}
_NAMED_TYPES: dict[str, _t.Any] = {}


def _named(name: str) -> _t.Any:
    found = _NAMED_TYPES.get(name)
    if found is None:
        from collections import namedtuple

        make: _t.Any = namedtuple
        found = make(name, _NAMED_FIELDS[name], module=_PACKAGE)
        _NAMED_TYPES[name] = found
    return found


class ParseCodeError(ValueError):
    """`parse()` found no live code, legacy code, NAME or alias."""


class RetiredCodeError(ParseCodeError):
    """`parse()` was given a retired code (or its former NAME): it may never be used again."""

    def __init__(self, code: str, name: str | None, since: str | None, note: str | None) -> None:
        super().__init__(f"{code} is retired" + (f": {note}" if note else ""))
        self.code = code
        self.name = name
        self.since = since
        self.note = note


def _as_code(x: str) -> Code:
    return x  # type: ignore[return-value]


def is_error_code(x: object) -> _t.TypeGuard[Code]:
    """`True` when `x` is a live code of this catalogue (legacy codes are not)."""
    return isinstance(x, str) and x in _d.CODES


def lookup(key: str) -> CodeInfo | None:
    """The facts of a code, legacy code, NAME or alias; `None` otherwise (also when retired)."""
    code = _d.BY_WIRE_CODE.get(key) or _d.BY_NAME.get(key)
    return None if code is None else info(_as_code(code))


def parse(key: str) -> Code:
    """The live code of a code, legacy code, NAME or alias (O(1)).

    Raises `RetiredCodeError` for a retired code or NAME, `ParseCodeError` otherwise.
    """
    code = _d.BY_WIRE_CODE.get(key) or _d.BY_NAME.get(key)
    if code is not None:
        return _as_code(code)
    retired = _d.RETIRED_BY_NAME.get(key)
    if retired is not None:
        row = _c.RETIRED[retired]
        raise RetiredCodeError(retired, row[_RETIRED_NAME], row[_RETIRED_SINCE], row[_RETIRED_NOTE])
    raise ParseCodeError(f"unknown error code {key!r}")


def _retry(row: _RetryRow | None) -> RetryAdvice | None:
    if row is None:
        return None
    advice: RetryAdvice = _named("RetryAdvice")(
        max_attempts=row[_RETRY_MAX_ATTEMPTS],
        initial_backoff_ms=row[_RETRY_INITIAL_BACKOFF_MS],
        advice=row[_RETRY_ADVICE],
    )
    return advice


def _deprecation(row: _DeprecationRow | None) -> Deprecation | None:
    if row is None:
        return None
    deprecation: Deprecation = _named("Deprecation")(
        since=row[_DEPRECATION_SINCE],
        replaced_by=row[_DEPRECATION_REPLACED_BY],
        note=row[_DEPRECATION_NOTE],
    )
    return deprecation


def info(code: Code) -> CodeInfo:
    """The catalogue's facts of a live code."""
    r = _d.CODES[code]
    result: CodeInfo = _named("CodeInfo")(
        code=code,
        name=r[_CODE_NAME],
        namespace=r[_CODE_NAMESPACE],
        category=r[_CODE_CATEGORY],
        summary=r[_CODE_SUMMARY],
        message=r[_CODE_MESSAGE],
        params=tuple((p[_PARAM_NAME], _kind(p[_PARAM_TYPE])) for p in r[_CODE_PARAMS]),
        suggestion=r[_CODE_SUGGESTION],
        retryable=r[_CODE_RETRYABLE],
        retry=_retry(r[_CODE_RETRY]),
        exit_code=r[_CODE_EXIT_CODE],
        http_status=r[_CODE_HTTP_STATUS],
        jsonrpc_code=r[_CODE_JSONRPC_CODE],
        expected=r[_CODE_EXPECTED],
        log_level=_WARNING if r[_CODE_EXPECTED] else _ERROR,
        docs_url=r[_CODE_DOCS_URL],
        since=r[_CODE_SINCE],
        deprecated=_deprecation(r[_CODE_DEPRECATED]),
        aliases=r[_CODE_ALIASES],
        legacy_codes=r[_CODE_LEGACY_CODES],
        error_class=r[_CODE_CLASS],
    )
    return result


def render_template(template: str, values: _Mapping[str, object]) -> str:
    """Renders a message template: `{param}` takes the value, doubled braces are literal.

    Strings read bare, integers in decimal, numbers like Rust's `f64` display (`2`, `1.5`),
    booleans `true`/`false`; a missing value renders empty.
    """
    out: list[str] = []
    i = 0
    n = len(template)
    while i < n:
        c = template[i]
        if c in "{}" and i + 1 < n and template[i + 1] == c:
            out.append(c)
            i += 2
        elif c == "{":
            end = template.find("}", i + 1)
            if end < 0:
                out.append(template[i:])
                break
            v = values.get(template[i + 1 : end])
            out.append("" if v is None else _display(v))
            i = end + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _display(v: object) -> str:
    if isinstance(v, str):
        return v
    if isinstance(v, (list, tuple)):
        return ", ".join(_display(item) for item in v)
    if isinstance(v, dict):
        return _json(v)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        if v != v or v in (float("inf"), float("-inf")):
            return repr(v)
        if v.is_integer():
            return str(int(v))
        from decimal import Decimal

        return format(Decimal(repr(v)), "f")
    return str(v)


def _json(v: object) -> str:
    """Compact JSON, the bytes of serde_json's `to_string` and JavaScript's `JSON.stringify`."""
    import json

    return json.dumps(v, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def _terminal_value(v: object) -> str:
    """The constraint line's value: compact JSON, or under `profiles.terminal.values: python`
    `repr()` of the value as `json.loads` reads it back (the Rust and TypeScript targets'
    rule)."""
    if _c.TERMINAL_VALUES == "python":
        import json

        return repr(json.loads(_json(v)))
    return _json(v)


def _kind(ty: str) -> str:
    """A param's type word (`list` for `list:string`)."""
    return ty.partition(":")[0]


def _type_ok(ty: str, v: object) -> bool:
    if ty.startswith("list:"):
        items = ty[5:]
        return isinstance(v, (list, tuple)) and all(_type_ok(items, i) for i in v)
    if ty == "object":
        return isinstance(v, dict)
    if ty == "string":
        return isinstance(v, str)
    if isinstance(v, bool):
        return ty == "boolean"
    if ty == "integer":
        return isinstance(v, int) or (isinstance(v, float) and v.is_integer())
    if ty == "number":
        return isinstance(v, (int, float)) and v == v and v not in (float("inf"), float("-inf"))
    return False


def _reserved_keys() -> list[str]:
    wire = _c.WIRE
    return [k for k in (wire[f] for f in ("code", "message", "category", "retryable", "details")) if k is not None]


# The keyword arguments every factory takes besides the code's params.
_OPTION_KEYS: _t.Final = (
    "message",
    "argument",
    "constraint",
    "suggestion",
    "context",
    "docs_url",
    "expected",
    "error_type",
    "cause",
)

if TYPE_CHECKING:

    class _Options(_t.TypedDict, total=False):
        """The keyword arguments every factory takes besides the code's params."""

        message: str | None
        argument: str | None
        constraint: _Json
        suggestion: str | None
        context: _Mapping[str, _Json] | None
        docs_url: str | None
        expected: bool | None
        error_type: str | None
        cause: BaseException | None


class CatalogueError(Exception):
    """What every error of a generated package is: the package's base exception
    (`registry.class`) derives from this class, and its error classes from that one.
    """

    code: Code
    message: str
    params: dict[str, _Json]
    argument: str | None
    constraint: _Json
    suggestion: str | None
    context: dict[str, _Json]

    def __init__(
        self,
        code: Code,
        message: str | None = None,
        *,
        suggestion: str | None = None,
        context: _Mapping[str, _Json] | None = None,
        docs_url: str | None = None,
        argument: str | None = None,
        constraint: _Json = None,
        params: _Mapping[str, _Json] | None = None,
        expected: bool | None = None,
        error_type: str | None = None,
        cause: BaseException | None = None,
    ) -> None:
        resolved = _d.BY_WIRE_CODE.get(code) if isinstance(code, str) else None
        if resolved is None:
            raise TypeError(f"unknown error code {code!r}")
        row = _d.CODES[resolved]
        values: dict[str, _Json] = {}
        given = params or {}
        for p in row[_CODE_PARAMS]:
            name, ty = p[_PARAM_NAME], p[_PARAM_TYPE]
            v = given.get(name)
            if not _type_ok(ty, v):
                raise TypeError(f"{resolved}: param {name!r} must be a {_kind(ty)}")
            values[name] = v
        if message is None:
            message = render_template(row[_CODE_MESSAGE], values)
        super().__init__(message)
        self.code = _as_code(resolved)
        self.message = message
        self.params = values
        self.argument = argument
        self.constraint = constraint
        template = row[_CODE_SUGGESTION]
        if suggestion is None and template is not None:
            suggestion = render_template(template, values)
        self.suggestion = suggestion
        self.context = dict(context or {})
        self._docs_url = docs_url
        self._expected = expected
        self._error_type = error_type
        if cause is not None:
            self.__cause__ = cause

    @property
    def info(self) -> CodeInfo:
        """The catalogue's facts of this error's code."""
        return info(self.code)

    @property
    def name(self) -> str:
        """The code's catalogue NAME."""
        return _d.CODES[self.code][_CODE_NAME]

    @property
    def category(self) -> str:
        return _d.CODES[self.code][_CODE_CATEGORY]

    @property
    def retryable(self) -> bool:
        return _d.CODES[self.code][_CODE_RETRYABLE]

    @property
    def retry(self) -> RetryAdvice | None:
        """The retry advice of a retryable code (the code's, else its category's)."""
        return _retry(_d.CODES[self.code][_CODE_RETRY]) if self.retryable else None

    @property
    def exit_code(self) -> int:
        return _d.CODES[self.code][_CODE_EXIT_CODE]

    @property
    def http_status(self) -> int:
        return _d.CODES[self.code][_CODE_HTTP_STATUS]

    @property
    def jsonrpc_code(self) -> int:
        return _d.CODES[self.code][_CODE_JSONRPC_CODE]

    @property
    def summary(self) -> str:
        return _d.CODES[self.code][_CODE_SUMMARY]

    @property
    def docs_url(self) -> str:
        """The raise site's docs URL, else the code's."""
        return self._docs_url if self._docs_url is not None else _d.CODES[self.code][_CODE_DOCS_URL]

    @property
    def expected(self) -> bool:
        """`True`: user/agent-correctable; the raise site's `expected`, else the code's."""
        return self._expected if self._expected is not None else _d.CODES[self.code][_CODE_EXPECTED]

    @property
    def log_level(self) -> int:
        """`logging.WARNING` for an expected error, `logging.ERROR` for an operator fault."""
        return _WARNING if self.expected else _ERROR

    @property
    def error_type(self) -> str:
        """The raise site's `error_type`, else the class raised (the generated one)."""
        if self._error_type is not None:
            return self._error_type
        for cls in type(self).__mro__:
            if _CLASSES.get(cls.__name__) is cls:
                return cls.__name__
        return _c.REGISTRY["class"]

    def format_compact(self) -> str:
        """`CODE[ \u0060argument\u0060]: message`, then `constraint:` and `hint:` lines."""
        s: str = self.code
        if self.argument is not None:
            s += f" `{self.argument}`"
        s += f": {self.message}"
        if self.constraint is not None:
            s += f"\n  constraint: {_terminal_value(self.constraint)}"
        if self.suggestion is not None:
            s += f"\n  hint: {self.suggestion}"
        return s

    def _extras(self, taken: _t.Collection[str]) -> dict[str, _Json]:
        out: dict[str, _Json] = {}

        def add(k: str, v: _Json) -> None:
            if k not in taken and k not in out:
                out[k] = v

        for p in _d.CODES[self.code][_CODE_PARAMS]:
            name = p[_PARAM_NAME]
            add(name, self.params[name])
        if self.argument is not None:
            add("argument", self.argument)
        if self.constraint is not None:
            add("constraint", self.constraint)
        if self.suggestion is not None:
            add("suggestion", self.suggestion)
        for k, v in self.context.items():
            add(k, v)
        return out

    def to_wire(self) -> dict[str, _Json]:
        """The wire object: the reserved members in `WIRE["order"]`, then flat extras."""
        wire = _c.WIRE
        extras = self._extras(_reserved_keys())
        w: dict[str, _Json] = {}
        for field in wire["order"]:
            key = wire[field]
            if key is None:
                continue
            if field == "code":
                w[key] = self.code
            elif field == "message":
                w[key] = self.message
            elif field == "category":
                w[key] = self.category
            elif field == "retryable":
                w[key] = self.retryable
            else:
                w[key] = extras
        if wire["details"] is None:
            for k, v in extras.items():
                w.setdefault(k, v)
        return w

    _MISSING: _t.ClassVar[object] = object()

    def _fact(self, fact: str) -> object:
        row = _d.CODES[self.code]
        if fact == "code":
            return self.code
        if fact == "name":
            return row[_CODE_NAME]
        if fact == "category":
            return self.category
        if fact == "retryable":
            return self.retryable
        if fact == "expected":
            return self.expected
        if fact == "error_type":
            return self.error_type
        if fact == "message":
            return self.message
        if fact == "summary":
            return row[_CODE_SUMMARY]
        if fact == "docs_url":
            return self.docs_url
        if fact == "argument":
            return self._MISSING if self.argument is None else self.argument
        if fact == "constraint":
            return self._MISSING if self.constraint is None else self.constraint
        if fact == "suggestion":
            return self._MISSING if self.suggestion is None else self.suggestion
        if fact == "example":
            if "example" in self.context:
                return self.context["example"]
            examples = _d.PARAM_EXAMPLES.get(self.code, {})
            if isinstance(self.argument, str) and self.argument in examples:
                import json

                value: _Json = json.loads(examples[self.argument])
                return value
            return self._MISSING
        if fact == "params":
            return {p[_PARAM_NAME]: self.params[p[_PARAM_NAME]] for p in row[_CODE_PARAMS]}
        if fact == "context":
            return dict(self.context)
        if fact == "wire":
            return self.to_wire()
        if fact.startswith("context."):
            return self.context.get(fact[len("context.") :], self._MISSING)
        if fact.startswith("param."):
            return self.params.get(fact[len("param.") :], self._MISSING)
        return self._MISSING

    def _profile_fields(self, fields: _t.Iterable[tuple[str, str]], prefix: str) -> dict[str, _Json]:
        out: dict[str, _Json] = {}
        for key, fact in fields:
            v = self._fact(fact)
            if v is not self._MISSING:
                out[prefix + key] = v
        return out

    def _profile_text(self, template: str) -> str:
        return render_template(
            template,
            {
                "message": self.message,
                "code": self.code,
                "name": _d.CODES[self.code][_CODE_NAME],
                "category": self.category,
                "error_type": self.error_type,
                "suggestion": self.suggestion or "",
                "compact": self.format_compact() if "{compact}" in template else "",
                "wire": _json(self.to_wire()) if "{wire}" in template else "",
            },
        )

    def to_mcp_tool_result(self) -> dict[str, _Json]:
        """An MCP `CallToolResult` with `isError: true`, in the shape of the catalogue's profile."""
        p = _c.PROFILES["mcp_tool_error"]
        out: dict[str, _Json] = {
            "content": [{"type": "text", "text": self._profile_text(p["text"])}],
            "isError": True,
        }
        if p["result_type"] is not None:
            out["resultType"] = p["result_type"]
        out[p["data"]] = self._profile_fields(p["fields"], p["prefix"])
        return out

    def to_jsonrpc_error(self) -> dict[str, _Json]:
        """A JSON-RPC error object `{code, message, data}` in the shape of the catalogue's profile."""
        p = _c.PROFILES["jsonrpc_error"]
        out: dict[str, _Json] = {
            "code": _d.CODES[self.code][_CODE_JSONRPC_CODE],
            "message": self._profile_text(p["message"]),
        }
        data = p["data"]
        if data == "wire":
            out["data"] = self.to_wire()
        elif isinstance(data, tuple):
            out["data"] = self._profile_fields(data, "")
        return out

    def to_problem_json(self) -> dict[str, _Json]:
        """RFC 9457 problem details."""
        row = _d.CODES[self.code]
        out: dict[str, _Json] = {
            "type": row[_CODE_DOCS_URL],
            "title": row[_CODE_SUMMARY],
            "status": row[_CODE_HTTP_STATUS],
            "detail": self.message,
            "code": self.code,
            "category": row[_CODE_CATEGORY],
            "retryable": row[_CODE_RETRYABLE],
        }
        for k, v in self._extras(list(out)).items():
            out[k] = v
        return out

    def to_tool_response(self, id: _Json) -> dict[str, _Json]:
        """The tool response envelope: `{"id", "content": <compact wire JSON>, "is_error": true}`."""
        return {"id": id, "content": _json(self.to_wire()), "is_error": True}

    def to_google_error(self) -> dict[str, _Json]:
        """Google's JSON error of AIP-193: `{"error": {"code", "message", "status", "details"}}`,
        the details being ErrorInfo (reason, domain, every param as a string), RetryInfo
        (a retryable code with a retry delay) and Help (the docs URL)."""
        row = _d.CODES[self.code]
        metadata: dict[str, _Json] = {}
        for p in row[_CODE_PARAMS]:
            v = self.params[p[_PARAM_NAME]]
            metadata[p[_PARAM_NAME]] = v if isinstance(v, str) else _json(v)
        details: list[_Json] = [
            {
                "@type": _ERROR_INFO,
                "reason": row[_CODE_AIP_REASON],
                "domain": _c.PROFILES["http"]["domain"],
                "metadata": metadata,
            }
        ]
        retry = row[_CODE_RETRY]
        if row[_CODE_RETRYABLE] and retry is not None and retry[_RETRY_INITIAL_BACKOFF_MS] is not None:
            details.append({"@type": _RETRY_INFO, "retryDelay": _duration_text(retry[_RETRY_INITIAL_BACKOFF_MS])})
        details.append({"@type": _HELP, "links": [{"description": row[_CODE_SUMMARY], "url": row[_CODE_DOCS_URL]}]})
        return {
            "error": {
                "code": row[_CODE_HTTP_STATUS],
                "message": self.message,
                "status": row[_CODE_GOOGLE_STATUS],
                "details": details,
            }
        }

    def to_http_response(self) -> HttpResponse:
        """The HTTP error response of the catalogue's HTTP profile (`profiles.http`): status,
        headers (`Content-Type`, then `Retry-After` for a retryable code with a retry delay on
        413, 429 or 503), the body's exact text, its media type, and the level to log it at.
        Header values are built from numbers and fixed words only."""
        p = _c.PROFILES["http"]
        row = _d.CODES[self.code]
        shape = p["body"]
        if shape == "wire":
            body = self.to_wire()
        elif shape == "google":
            body = self.to_google_error()
        else:
            body = self.to_problem_json()
        headers = [("Content-Type", p["content_type"])]
        seconds = row[_CODE_HTTP_RETRY_AFTER]
        if seconds is not None:
            headers.append(("Retry-After", str(seconds)))
        response: HttpResponse = _named("HttpResponse")(
            status=row[_CODE_HTTP_STATUS],
            headers=headers,
            body=_json(body),
            media_type=p["content_type"],
            log_level=self.log_level,
        )
        return response


# Every error class of the package by name, the base exception (`registry.class`) first:
# the package's `__init__.py` fills it as it defines them.
_CLASSES: dict[str, type[CatalogueError]] = {}


def create_error(
    code: Code, params: _Mapping[str, _Json] | None = None, **options: _Unpack[_Options]
) -> CatalogueError:
    """An error of `code` with its params: an instance of the code's class."""
    resolved = _d.BY_WIRE_CODE.get(code)
    cls = _CLASSES[_d.CODES[resolved][_CODE_CLASS] if resolved is not None else _c.REGISTRY["class"]]
    return cls(code, params=params, **options)


def format_error(exc: BaseException) -> str:
    """The compact form of an error of this registry; `Type: message` for any other exception."""
    if isinstance(exc, CatalogueError):
        return exc.format_compact()
    return f"{type(exc).__name__}: {exc}"


def is_retryable(x: object) -> bool:
    """Whether retrying may help: a code (current or legacy), an error, a parsed or raw payload."""
    if isinstance(x, str):
        code = _d.BY_WIRE_CODE.get(x)
        return code is not None and _d.CODES[code][_CODE_RETRYABLE]
    if isinstance(x, CatalogueError):
        return x.retryable
    if isinstance(x, WireError):
        return x.retryable
    return from_wire(x).retryable


def retry_advice(x: object) -> RetryAdvice | None:
    """The retry advice of a code or parsed error (the code's, else its category's), or `None`."""
    parsed = None if isinstance(x, str) else x if isinstance(x, WireError) else from_wire(x)
    code = (
        _d.BY_WIRE_CODE.get(x)
        if isinstance(x, str)
        else parsed.code
        if parsed is not None and parsed.kind == "known"
        else None
    )
    if code is not None:
        row = _d.CODES[code]
        return _retry(row[_CODE_RETRY]) if row[_CODE_RETRYABLE] else None
    categories = _c.CATEGORIES
    if parsed is not None and parsed.retryable and isinstance(parsed.category, str) and parsed.category in categories:
        return _retry(categories[parsed.category][_CATEGORY_RETRY])
    return None


class WireError:
    """What `from_wire` makes of a payload (see its docs); never raised."""

    __slots__ = (
        "kind",
        "code",
        "wire_code",
        "name",
        "category",
        "retryable",
        "message",
        "params",
        "context",
        "argument",
        "constraint",
        "suggestion",
        "problems",
        "since",
        "note",
        "reason",
        "raw",
    )

    def __init__(
        self,
        kind: WireKind,
        code: str | None,
        category: str | None,
        retryable: bool,
        message: str,
        raw: object,
        *,
        wire_code: str | None = None,
        name: str | None = None,
        params: dict[str, _Json] | None = None,
        context: dict[str, _Json] | None = None,
        argument: str | None = None,
        constraint: _Json = None,
        suggestion: str | None = None,
        problems: list[str] | None = None,
        since: str | None = None,
        note: str | None = None,
        reason: str | None = None,
    ) -> None:
        self.kind: WireKind = kind
        #: The live code (`known`), the code as received (`unknown`, `retired`), else `None`.
        self.code = code
        #: The code as received (a legacy code of a `known` error differs from `code`).
        self.wire_code = wire_code if wire_code is not None else code
        self.name = name
        self.category = category
        self.retryable = retryable
        self.message = message
        self.params: dict[str, _Json] = params if params is not None else {}
        self.context: dict[str, _Json] = context if context is not None else {}
        self.argument = argument
        self.constraint = constraint
        self.suggestion = suggestion
        #: What does not match the catalogue (a `known` payload only; empty when it conforms).
        self.problems: list[str] = problems if problems is not None else []
        self.since = since
        self.note = note
        self.reason = reason
        self.raw = raw

    def __repr__(self) -> str:
        return f"WireError(kind={self.kind!r}, code={self.code!r}, message={self.message!r})"


def _invalid(reason: str, raw: object) -> WireError:
    return WireError("invalid", None, None, False, "", raw, reason=reason)


def _legacy_or_invalid(x: dict[str, _Json]) -> WireError:
    for k in ("error", "message"):
        v = x.get(k)
        if isinstance(v, str):
            return WireError("legacy", None, None, False, v, x)
    return _invalid("no code and no message", x)


def from_wire(x: object) -> WireError:
    """Classifies any value received as a wire error. Never raises.

    - a live or legacy code: `kind == "known"` (category and retryable from the catalogue;
      `problems` lists what does not match it, empty for a conforming payload);
    - a retired code: `"retired"`;
    - another code with a string message (a newer catalogue's): `"unknown"`, classified by
      the category (and retryable flag) on the wire when present;
    - a legacy payload: a JSON object whose code key does not hold a string, or holds a
      string that is no code of the catalogue (live, legacy or retired) while the message
      key does not hold a string; and it has a string under `error` or else `message`:
      that string is its message (e.g. `{"error": "human message"}`);
    - otherwise, without a code, `"invalid"`.

    The Rust crate's `Error::from_wire` and TypeScript's `parseWireError` apply the same rule.
    """
    try:
        return _from_wire(x)
    except Exception as e:  # noqa: BLE001 - total by contract
        return _invalid(f"unreadable payload: {e}", x)


def _from_wire(x: object) -> WireError:
    if not isinstance(x, dict):
        return _invalid("not a JSON object", x)
    obj: dict[str, _Json] = x
    wire = _c.WIRE
    retired = _c.RETIRED

    def get(k: str | None) -> _Json:
        return obj.get(k, _ABSENT) if k is not None else _ABSENT

    wire_code = get(wire["code"])
    message = get(wire["message"])
    if not isinstance(wire_code, str):
        return _legacy_or_invalid(obj)
    code = _d.BY_WIRE_CODE.get(wire_code)
    if code is None and wire_code not in retired and not isinstance(message, str):
        return _legacy_or_invalid(obj)
    category = get(wire["category"])
    flag = get(wire["retryable"])
    problems: list[str] = []
    if code is not None:
        row = _d.CODES[code]
        params, context, argument, constraint, suggestion = _read_extras(obj, row[_CODE_PARAMS], problems)
        if not isinstance(message, str):
            problems.append("the message is missing")
            message = render_template(row[_CODE_MESSAGE], params)
        if category is not _ABSENT and category != row[_CODE_CATEGORY]:
            problems.append(f"category is {_json(category)}, expected {_json(row[_CODE_CATEGORY])}")
        if flag is not _ABSENT and flag is not row[_CODE_RETRYABLE]:
            problems.append(f"retryable is {_json(flag)}, expected {_json(row[_CODE_RETRYABLE])}")
        return WireError(
            "known",
            code,
            row[_CODE_CATEGORY],
            row[_CODE_RETRYABLE],
            message,
            obj,
            wire_code=wire_code,
            name=row[_CODE_NAME],
            params=params,
            context=context,
            argument=argument,
            constraint=constraint,
            suggestion=suggestion,
            problems=problems,
        )
    cat = category if isinstance(category, str) else None
    if isinstance(flag, bool):
        retryable = flag
    else:
        categories = _c.CATEGORIES
        retryable = cat is not None and cat in categories and categories[cat][_CATEGORY_RETRYABLE]
    text = message if isinstance(message, str) else ""
    if wire_code in retired:
        r = retired[wire_code]
        return WireError(
            "retired",
            wire_code,
            cat,
            retryable,
            text,
            obj,
            name=r[_RETIRED_NAME],
            since=r[_RETIRED_SINCE],
            note=r[_RETIRED_NOTE],
        )
    _params, context, argument, constraint, suggestion = _read_extras(obj, (), [])
    return WireError(
        "unknown",
        wire_code,
        cat,
        retryable,
        text,
        obj,
        context=context,
        argument=argument,
        constraint=constraint,
        suggestion=suggestion,
    )


_ABSENT: _t.Final = object()


def _read_extras(
    x: dict[str, _Json], declared: _t.Sequence[_ParamRow], problems: list[str]
) -> tuple[dict[str, _Json], dict[str, _Json], str | None, _Json, str | None]:
    extras: dict[str, _Json] = {}
    details = _c.WIRE["details"]
    if details is not None:
        d = x.get(details, _ABSENT)
        if isinstance(d, dict):
            extras = d
        elif d is not _ABSENT:
            problems.append(f"{_json(details)} is not an object")
    else:
        reserved = _reserved_keys()
        extras = {k: v for k, v in x.items() if k not in reserved}
    params: dict[str, _Json] = {}
    names = [p[_PARAM_NAME] for p in declared]
    for p in declared:
        name, ty = p[_PARAM_NAME], p[_PARAM_TYPE]
        if name not in extras:
            problems.append(f"param {_json(name)} is missing")
        elif not _type_ok(ty, extras[name]):
            problems.append(f"param {_json(name)} is not a {_kind(ty)}")
        else:
            params[name] = extras[name]
    argument = extras.get("argument") if "argument" not in names else None
    constraint = extras.get("constraint") if "constraint" not in names else None
    suggestion = extras.get("suggestion") if "suggestion" not in names else None
    context = {k: v for k, v in extras.items() if k not in names and k not in ("argument", "constraint", "suggestion")}
    return (
        params,
        context,
        argument if isinstance(argument, str) else None,
        constraint,
        suggestion if isinstance(suggestion, str) else None,
    )


# The `@type`s of AIP-193's details.
_ERROR_INFO: _t.Final = "type.googleapis.com/google.rpc.ErrorInfo"
_RETRY_INFO: _t.Final = "type.googleapis.com/google.rpc.RetryInfo"
_HELP: _t.Final = "type.googleapis.com/google.rpc.Help"

# What Rust's `str::trim` takes for white space (Unicode's White_Space; `str.strip()` would
# also take U+001C..U+001F).
_WHITE_SPACE: _t.Final = (
    "\t\n\x0b\x0c\r \x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u2028\u2029\u202f\u205f\u3000"
)
_U64_MAX: _t.Final = 2**64 - 1
# serde_json's nesting limit: a body nested deeper is no JSON to the reference.
_MAX_DEPTH: _t.Final = 127


def _duration_text(ms: int) -> str:
    """A protobuf `Duration` in JSON: seconds with 0 or 3 fractional digits, then `s`."""
    return f"{ms // 1000}s" if ms % 1000 == 0 else f"{ms // 1000}.{ms % 1000:03}s"


def _digits(s: str) -> bool:
    return all("0" <= c <= "9" for c in s)


def _duration_ms(s: str) -> int | None:
    """A protobuf `Duration` in JSON (`1.5s`, `0.500s`, `3s`) in whole milliseconds."""
    if not s.endswith("s"):
        return None
    whole, dot, frac = s[:-1].partition(".")
    if (dot and not frac) or not whole or not _digits(whole) or not _digits(frac) or len(frac) > 9:
        return None
    seconds = _u64(whole)
    if seconds is None:
        return None
    ms = seconds * 1000 + int((frac + "000")[:3])
    return ms if ms <= _U64_MAX else None


def _u64(digits: str) -> int | None:
    """ASCII digits as Rust's `parse::<u64>` reads them: `None` beyond 64 bits."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > 20:
        return None
    n = int(digits)
    return n if n <= _U64_MAX else None


_MONTHS: _t.Final = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_DAYS: _t.Final = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")


def _imf_fixdate(s: str) -> int | None:
    """Seconds since 1970 of an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, RFC 9110
    §5.6.7); `None` for anything else (the day name is not checked against the date)."""
    if len(s) != 29 or not s.isascii() or s[3:5] != ", " or s[25:] != " GMT" or s[:3] not in _DAYS:
        return None
    if (s[7], s[11], s[16], s[19], s[22]) != (" ", " ", " ", ":", ":") or s[8:11] not in _MONTHS:
        return None
    parts = (s[5:7], s[12:16], s[17:19], s[20:22], s[23:25])
    if not all(_digits(p) for p in parts):
        return None
    day, year, h, m, sec = (int(p) for p in parts)
    month = _MONTHS.index(s[8:11]) + 1
    if not 1 <= day <= 31 or h > 23 or m > 59 or sec > 60:
        return None
    # Days from the civil date (Howard Hinnant's algorithm).
    y = year - 1 if month <= 2 else year
    era = y // 400
    yoe = y - era * 400
    doy = (153 * ((month + 9) % 12) + 2) // 5 + day - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    days = era * 146_097 + doe - 719_468
    return days * 86_400 + h * 3600 + m * 60 + sec


def _retry_after_ms(value: str, date: str | None) -> int | None:
    """`Retry-After` in milliseconds: delay-seconds, or an IMF-fixdate minus the `Date` header."""
    value = value.strip(_WHITE_SPACE)
    if value and _digits(value):
        n = _u64(value)
        return None if n is None or n * 1000 > _U64_MAX else n * 1000
    at = _imf_fixdate(value)
    now = None if date is None else _imf_fixdate(date.strip(_WHITE_SPACE))
    if at is None or now is None:
        return None
    return max(0, at - now) * 1000


def _header_pairs(headers: object) -> list[tuple[str, str]]:
    """(name, value) pairs of headers given as pairs or as a mapping; a multi-valued mapping
    (httpx's and Starlette's `Headers`) gives every value through its `multi_items()`."""
    multi = getattr(headers, "multi_items", None)
    mapping = getattr(headers, "items", None)
    items: _t.Any = multi() if callable(multi) else mapping() if callable(mapping) else headers
    out: list[tuple[str, str]] = []
    for item in items:
        name, value = item
        if isinstance(name, bytes):
            name = name.decode("latin-1")
        if isinstance(value, bytes):
            value = value.decode("latin-1")
        if isinstance(name, str) and isinstance(value, str):
            out.append((name, value))
    return out


def _reject(text: str) -> _t.NoReturn:
    raise ValueError(f"not JSON: {text}")


def _json_float(text: str) -> float:
    f = float(text)
    if f in (float("inf"), float("-inf")):
        _reject(text)
    return f


def _json_int(text: str) -> int:
    # serde_json reads an integer beyond 64 bits as a float; one beyond a float's range fails.
    if len(text) > 20:
        _json_float(text)
    return int(text)


def _serde_json(body: bytes | str) -> tuple[bool, _Json]:
    """`(True, value)` when the reference (serde_json) reads `body` as JSON: UTF-8 only, no
    `NaN` or `Infinity`, numbers within a float's range, no lone surrogate, nested at most
    127 deep."""
    import json

    try:
        raw = body.encode("utf-8") if isinstance(body, str) else bytes(body)
        value = json.loads(raw.decode("utf-8"), parse_constant=_reject, parse_float=_json_float, parse_int=_json_int)
    except (ValueError, RecursionError, TypeError):
        return False, None
    stack: list[tuple[_Json, int]] = [(value, 0)]
    while stack:
        v, depth = stack.pop()
        if isinstance(v, (dict, list)):
            if depth >= _MAX_DEPTH:
                return False, None
            items = list(v.items()) if isinstance(v, dict) else [(None, i) for i in v]
            for k, item in items:
                if isinstance(k, str):
                    stack.append((k, depth))
                stack.append((item, depth + 1))
        elif isinstance(v, str):
            try:
                v.encode("utf-8")
            except UnicodeEncodeError:
                return False, None
    return True, value


def read_http_response(
    status: int, headers: _Mapping[str, str] | _t.Iterable[tuple[str, str]], body: bytes | str
) -> HttpReading:
    """Reads an HTTP error response as errdex's reference reader does. Never raises.

    `headers`: (name, value) pairs, a mapping, or httpx's / Starlette's `Headers`. The delay
    is the first `Retry-After` (seconds, or an HTTP-date minus the `Date` header), else a
    Google body's `RetryInfo`. The body is read as Google's JSON error of AIP-193 (`error`
    is an object), RFC 9457 problem details (a string `type` and a number `status`), or a
    wire object; the verdict is `known` (a live or legacy code), `retired`, `unknown` (a
    code this catalogue does not know, with a message), `legacy` (no code, a message) or
    `invalid`. The Rust crate's and the TypeScript package's readers give the same verdicts.
    """
    reading: HttpReading
    try:
        reading = _read_http_response(status, headers, body)
    except Exception:  # noqa: BLE001 - total by contract
        reading = _named("HttpReading")(kind="invalid", code=None, message=None, status=status, retry_after_ms=None)
    return reading


def _read_http_response(status: int, headers: object, body: bytes | str) -> HttpReading:
    pairs = _header_pairs(headers)

    def header(name: str) -> str | None:
        return next((v for n, v in pairs if n.isascii() and n.lower() == name), None)

    retry_after = header("retry-after")
    delay = None if retry_after is None else _retry_after_ms(retry_after, header("date"))
    kind: WireKind = "invalid"
    code: str | None = None
    message: str | None = None

    def done() -> HttpReading:
        reading: HttpReading = _named("HttpReading")(
            kind=kind, code=code, message=message, status=status, retry_after_ms=delay
        )
        return reading

    ok, value = _serde_json(body)
    if not ok or not isinstance(value, dict):
        if ok:
            kind = _wire_kind(value)
        return done()

    def text(v: object) -> str | None:
        return v if isinstance(v, str) else None

    error = value.get("error")
    if isinstance(error, dict):
        details = error.get("details")
        listed = details if isinstance(details, list) else []

        def detail(ty: str) -> dict[str, _Json] | None:
            return next((d for d in listed if isinstance(d, dict) and d.get("@type") == ty), None)

        message = text(error.get("message"))
        info = detail(_ERROR_INFO)
        reason = None if info is None else text(info.get("reason"))
        if delay is None:
            retry = detail(_RETRY_INFO)
            given = None if retry is None else text(retry.get("retryDelay"))
            delay = None if given is None else _duration_ms(given)
        if reason is not None:
            live, retired = _d.BY_REASON.get(reason), _d.RETIRED_BY_REASON.get(reason)
            if live is not None:
                kind, code = "known", live
            elif retired is not None:
                kind, code = "retired", retired
            elif message is not None:
                kind, code = "unknown", reason
        elif message is not None:
            kind = "legacy"
        if kind == "invalid":
            message = None
        return done()
    kind_of = value.get("type"), value.get("status")
    if isinstance(kind_of[0], str) and isinstance(kind_of[1], (int, float)) and not isinstance(kind_of[1], bool):
        wire_code, detail_text = text(value.get("code")), text(value.get("detail"))
        if wire_code is not None and wire_code in _d.BY_WIRE_CODE:
            kind = "known"
        elif wire_code is not None and wire_code in _c.RETIRED:
            kind = "retired"
        elif wire_code is not None and detail_text is not None:
            kind = "unknown"
        elif detail_text is not None or isinstance(value.get("title"), str):
            kind = "legacy"
        if kind in ("known", "retired", "unknown"):
            code, message = wire_code, detail_text
        elif kind == "legacy":
            message = detail_text if detail_text is not None else text(value.get("title"))
        return done()
    kind = _wire_kind(value)
    wire = _c.WIRE
    if kind in ("known", "retired", "unknown"):
        code, message = text(value.get(wire["code"])), text(value.get(wire["message"]))
    elif kind == "legacy":
        message = text(value.get("error"))
        if message is None:
            message = text(value.get("message"))
    return done()


def _wire_kind(value: object) -> WireKind:
    """The verdict on a wire object alone (`payload::wire_kind`): `from_wire`'s `kind`."""
    if not isinstance(value, dict):
        return "invalid"
    wire = _c.WIRE
    code = value.get(wire["code"])
    if isinstance(code, str):
        if code in _d.BY_WIRE_CODE:
            return "known"
        if code in _c.RETIRED:
            return "retired"
        if isinstance(value.get(wire["message"]), str):
            return "unknown"
    if isinstance(value.get("error"), str) or isinstance(value.get("message"), str):
        return "legacy"
    return "invalid"


def _factory(name: str, code: str) -> _t.Callable[..., CatalogueError]:
    row = _d.CODES[code]
    cls = _CLASSES[row[_CODE_CLASS]]
    keywords = {p[_PARAM_KEYWORD]: p[_PARAM_NAME] for p in row[_CODE_PARAMS]}

    def make(**kwargs: _t.Any) -> CatalogueError:
        params: dict[str, _t.Any] = {}
        for kw, wire_name in keywords.items():
            if kw not in kwargs:
                raise TypeError(f"{name}() missing required keyword argument: {kw!r}")
            params[wire_name] = kwargs.pop(kw)
        unknown = [k for k in kwargs if k not in _OPTION_KEYS]
        if unknown:
            raise TypeError(f"{name}() got an unexpected keyword argument {unknown[0]!r}")
        return cls(_as_code(code), params=params, **kwargs)

    make.__name__ = make.__qualname__ = name
    make.__module__ = _PACKAGE
    make.__doc__ = f"{code}: {row[_CODE_SUMMARY]}"
    return make


def _attribute(name: str) -> object:
    """The package's attributes built on first use (its module `__getattr__`): `ALL_CODES`,
    the named tuples and one factory per code (importing ten thousand functions would cost
    more than the rest of the package). The package keeps what it gets."""
    if name in _NAMED_FIELDS:
        return _named(name)
    if name == "ALL_CODES":
        return tuple(_d.CODES)
    code = _d.FACTORIES.get(name)
    if code is None:
        raise AttributeError(f"module {_PACKAGE!r} has no attribute {name!r}")
    return _factory(name, code)


# What the package re-exports is the package's: tracebacks, `repr()` and pickles name
# `milo_errors.parse`, never this module.
for _public in (
    ParseCodeError,
    RetiredCodeError,
    WireError,
    create_error,
    format_error,
    from_wire,
    info,
    is_error_code,
    is_retryable,
    lookup,
    parse,
    read_http_response,
    render_template,
    retry_advice,
):
    _public.__module__ = _PACKAGE
