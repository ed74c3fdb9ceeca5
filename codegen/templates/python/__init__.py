# {{ header|safe }}
#
# {{ title_comment|safe }}: error codes, their metadata, typed exceptions and factories, and
# total parsers for wire payloads. Standard library only; Python >= 3.10.
{{ title_doc|safe }}

from __future__ import annotations

# `typing` is imported by type checkers only: at runtime it would cost more than the codes.
TYPE_CHECKING = False

if TYPE_CHECKING:
    import typing as _t
    from collections.abc import Mapping as _Mapping

    from typing_extensions import TypeAlias as _TypeAlias
    from typing_extensions import Unpack as _Unpack

    from ._factories import *  # noqa: F403
    from ._types import Code as Code
    from ._types import ErrorCode as ErrorCode

    #: Every category key, as a type.
    CategoryKey: _TypeAlias = {{ category_type|safe }}
    #: Every namespace key, as a type.
    NamespaceKey: _TypeAlias = {{ namespace_type|safe }}
    #: What `from_wire` makes of a payload.
    WireKind: _TypeAlias = _t.Literal["known", "unknown", "retired", "legacy", "invalid"]
    _Json: _TypeAlias = _t.Any
    _Row: _TypeAlias = tuple[_t.Any, ...]
else:
    Code = str
    CategoryKey = str
    NamespaceKey = str
    WireKind = str

#: The registry this package was generated from.
REGISTRY: _t.Final[dict[str, str]] = {
    "name": {{ registry.name|safe }},
    "title": {{ registry.title|safe }},
    "package": {{ registry.package|safe }},
    "mcp_meta_prefix": {{ registry.mcp_meta_prefix|safe }},
    "class": {{ registry.class|safe }},
}

#: Key names of the wire object (`None`: the key is not sent), and the order of its
#: reserved members by role.
WIRE: _t.Final[dict[str, _t.Any]] = {
    "code": {{ wire.code|safe }},
    "message": {{ wire.message|safe }},
    "category": {{ wire.category|safe }},
    "retryable": {{ wire.retryable|safe }},
    "details": {{ wire.details|safe }},
    "order": {{ wire.order|safe }},
}

#: How an error becomes an MCP tool result and a JSON-RPC error object (the catalogue's
#: `profiles:`): texts are templates over message, code, name, category, error_type,
#: suggestion, compact and wire; `fields` are (key, fact) pairs in output order.
PROFILES: _t.Final[dict[str, dict[str, _t.Any]]] = {
    "mcp_tool_error": {
        "text": {{ profiles.mcp_text|safe }},
        "data": {{ profiles.mcp_member|safe }},
        "prefix": {{ profiles.mcp_prefix|safe }},
        "result_type": {{ profiles.mcp_result_type|safe }},
        "fields": {{ profiles.mcp_fields|safe }},
    },
    "jsonrpc_error": {
        "message": {{ profiles.jsonrpc_message|safe }},
        "data": {{ profiles.jsonrpc_data|safe }},
    },
}


if not TYPE_CHECKING:
    # Every live code by its catalogue NAME (types: `_types.pyi`). Built from one dict: a class
    # body of ten thousand assignments imports slower.
    ErrorCode = type(
        "ErrorCode",
        (),
        {
            "__slots__": (),
            "__module__": __name__,
            "__doc__": {{ error_code_doc|safe }},
{%- for e in errors %}
            {{ e.key_lit|safe }}: {{ e.code|safe }},
{%- endfor %}
        },
    )


class Category:
    """Every category key: `Category.X` is the wire value."""

    __slots__ = ()
{%- for c in categories %}
    {{ c.constant }}: _t.Final = {{ c.key|safe }}
{%- endfor %}


class Namespace:
    """Every namespace key."""

    __slots__ = ()
{%- for n in namespaces %}
    {{ n.constant }}: _t.Final = {{ n.key|safe }}
{%- endfor %}


# Category key -> (summary, retryable, retry, exit code, HTTP status, JSON-RPC code, expected).
_CATEGORIES: dict[str, _Row] = {
{%- for c in categories %}
    {{ c.key|safe }}: {{ c.row|safe }},
{%- endfor %}
}

# Namespace key -> (title, summary, code prefix, class).
_NAMESPACES: dict[str, _Row] = {
{%- for n in namespaces %}
    {{ n.key|safe }}: {{ n.row|safe }},
{%- endfor %}
}

# Retired code -> (name, since, note).
_RETIRED: dict[str, _Row] = {
{%- for r in retired %}
    {{ r.code|safe }}: {{ r.row|safe }},
{%- endfor %}
}


class _Tables:
    """The per-code tables (`_data.py`), loaded on first use: importing the package stays as
    cheap as importing its codes. Type checkers never read the rows."""

    # Code -> (name, namespace, category, summary, message, params ((name, type, keyword),
    # ...), suggestion, retryable, retry, exit code, HTTP status, JSON-RPC code, expected,
    # docs URL, since, deprecated, aliases, legacy codes, class).
    CODES: dict[str, _Row]
    # Factory name -> code.
    FACTORIES: dict[str, str]
    # Wire code (current or legacy) -> current code.
    BY_WIRE_CODE: dict[str, str]
    # NAMEs and aliases -> current code.
    BY_NAME: dict[str, str]
    # Retired code or former NAME -> retired code.
    RETIRED_BY_NAME: dict[str, str]
    # Code -> param -> its `example:` as JSON text.
    PARAM_EXAMPLES: dict[str, dict[str, str]]

    if not TYPE_CHECKING:

        def __getattr__(self, name):
            keys = ("CODES", "FACTORIES", "BY_WIRE_CODE", "BY_NAME", "RETIRED_BY_NAME", "PARAM_EXAMPLES")
            if name not in keys:
                raise AttributeError(name)
            import importlib

            data = importlib.import_module(__name__ + "._data")
            for key in keys:
                setattr(self, key, getattr(data, key))
            return getattr(data, name)


_d = _Tables()

if TYPE_CHECKING:
    #: Every live code in catalogue order.
    ALL_CODES: tuple[Code, ...]


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


# The fields of the named tuples above; at runtime they are built on first use (importing
# `collections` would cost more than the codes).
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
}


def _named(name: str) -> _t.Any:
    found = globals().get(name)
    if found is None:
        from collections import namedtuple

        make: _t.Any = namedtuple
        found = make(name, _NAMED_FIELDS[name])
        found.__module__ = __name__
        globals()[name] = found
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
        row = _RETIRED[retired]
        raise RetiredCodeError(retired, row[0], row[1], row[2])
    raise ParseCodeError(f"unknown error code {key!r}")


def _retry(row: _Row | None) -> RetryAdvice | None:
    if row is None:
        return None
    advice: RetryAdvice = _named("RetryAdvice")(*row)
    return advice


def info(code: Code) -> CodeInfo:
    """The catalogue's facts of a live code."""
    r = _d.CODES[code]
    result: CodeInfo = _named("CodeInfo")(
        code,
        r[0],
        r[1],
        r[2],
        r[3],
        r[4],
        tuple((p[0], _kind(p[1])) for p in r[5]),
        r[6],
        r[7],
        _retry(r[8]),
        r[9],
        r[10],
        r[11],
        r[12],
        _WARNING if r[12] else _ERROR,
        r[13],
        r[14],
        None if r[15] is None else _named("Deprecation")(*r[15]),
        r[16],
        r[17],
        r[18],
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
{%- if terminal_python %}
    """The constraint line's value (`profiles.terminal.values: python`): `repr()` of the
    value as `json.loads` reads it back, the Rust and TypeScript targets' rule."""
    import json

    return repr(json.loads(_json(v)))
{%- else %}
    """The constraint line's value: compact JSON."""
    return _json(v)
{%- endif %}


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
    return [k for k in (WIRE[f] for f in ("code", "message", "category", "retryable", "details")) if k is not None]


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


class {{ registry_class }}(Exception):
    """The base exception of this registry: every error of the catalogue is one.

    `{{ registry_class }}(ErrorCode.X, "message", argument=..., constraint=..., suggestion=...)`
    raises code X with the message as given; without a message, the catalogue's template is
    rendered from `params`. The error type (the MCP `error_type`) is the raise site's
    `error_type`, else the class raised (a factory raises the code's class). `expected` is
    the raise site's, else the code's.
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
        for name, ty, _kw in row[5]:
            v = given.get(name)
            if not _type_ok(ty, v):
                raise TypeError(f"{resolved}: param {name!r} must be a {_kind(ty)}")
            values[name] = v
        if message is None:
            message = render_template(row[4], values)
        super().__init__(message)
        self.code = _as_code(resolved)
        self.message = message
        self.params = values
        self.argument = argument
        self.constraint = constraint
        if suggestion is None and row[6] is not None:
            suggestion = render_template(row[6], values)
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
        return str(_d.CODES[self.code][0])

    @property
    def category(self) -> CategoryKey:
        category: CategoryKey = _d.CODES[self.code][2]
        return category

    @property
    def retryable(self) -> bool:
        return bool(_d.CODES[self.code][7])

    @property
    def retry(self) -> RetryAdvice | None:
        """The retry advice of a retryable code (the code's, else its category's)."""
        return _retry(_d.CODES[self.code][8]) if self.retryable else None

    @property
    def exit_code(self) -> int:
        return int(_d.CODES[self.code][9])

    @property
    def http_status(self) -> int:
        return int(_d.CODES[self.code][10])

    @property
    def jsonrpc_code(self) -> int:
        return int(_d.CODES[self.code][11])

    @property
    def summary(self) -> str:
        return str(_d.CODES[self.code][3])

    @property
    def docs_url(self) -> str:
        """The raise site's docs URL, else the code's."""
        return self._docs_url if self._docs_url is not None else str(_d.CODES[self.code][13])

    @property
    def expected(self) -> bool:
        """`True`: user/agent-correctable; the raise site's `expected`, else the code's."""
        return self._expected if self._expected is not None else bool(_d.CODES[self.code][12])

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
            if cls.__module__ == __name__ and cls.__name__ in _CLASSES:
                return cls.__name__
        return {{ registry_class_lit|safe }}

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

        for name, _ty, _kw in _d.CODES[self.code][5]:
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
        extras = self._extras(_reserved_keys())
        w: dict[str, _Json] = {}
        for field in WIRE["order"]:
            key = WIRE[field]
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
        if WIRE["details"] is None:
            for k, v in extras.items():
                w.setdefault(k, v)
        return w

    _MISSING: _t.ClassVar[object] = object()

    def _fact(self, fact: str) -> object:
        row = _d.CODES[self.code]
        if fact == "code":
            return self.code
        if fact == "name":
            return row[0]
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
            return row[3]
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
            return {p[0]: self.params[p[0]] for p in row[5]}
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
                "name": _d.CODES[self.code][0],
                "category": self.category,
                "error_type": self.error_type,
                "suggestion": self.suggestion or "",
                "compact": self.format_compact() if "{compact}" in template else "",
                "wire": _json(self.to_wire()) if "{wire}" in template else "",
            },
        )

    def to_mcp_tool_result(self) -> dict[str, _Json]:
        """An MCP `CallToolResult` with `isError: true`, in the shape of the catalogue's profile."""
        p = PROFILES["mcp_tool_error"]
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
        p = PROFILES["jsonrpc_error"]
        out: dict[str, _Json] = {
            "code": _d.CODES[self.code][11],
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
            "type": row[13],
            "title": row[3],
            "status": row[10],
            "detail": self.message,
            "code": self.code,
            "category": row[2],
            "retryable": row[7],
        }
        for k, v in self._extras(list(out)).items():
            out[k] = v
        return out

    def to_tool_response(self, id: _Json) -> dict[str, _Json]:
        """The tool response envelope: `{"id", "content": <compact wire JSON>, "is_error": true}`."""
        return {"id": id, "content": _json(self.to_wire()), "is_error": True}
{%- for c in classes %}


class {{ c.name }}({{ registry_class }}):
    """Error class `{{ c.name }}`: the factories of its codes raise one."""
{%- endfor %}


# Every generated error class by name.
_CLASSES: dict[str, type[{{ registry_class }}]] = {
{%- for n in class_names %}
    {{ n.lit|safe }}: {{ n.name }},
{%- endfor %}
}


def create_error(code: Code, params: _Mapping[str, _Json] | None = None, **options: _Unpack[_Options]) -> {{ registry_class }}:
    """An error of `code` with its params: an instance of the code's class."""
    resolved = _d.BY_WIRE_CODE.get(code)
    cls = _CLASSES[_d.CODES[resolved][18]] if resolved is not None else {{ registry_class }}
    return cls(code, params=params, **options)


def format_error(exc: BaseException) -> str:
    """The compact form of an error of this registry; `Type: message` for any other exception."""
    if isinstance(exc, {{ registry_class }}):
        return exc.format_compact()
    return f"{type(exc).__name__}: {exc}"


def is_retryable(x: object) -> bool:
    """Whether retrying may help: a code (current or legacy), an error, a parsed or raw payload."""
    if isinstance(x, str):
        code = _d.BY_WIRE_CODE.get(x)
        return code is not None and bool(_d.CODES[code][7])
    if isinstance(x, {{ registry_class }}):
        return x.retryable
    if isinstance(x, WireError):
        return x.retryable
    return from_wire(x).retryable


def retry_advice(x: object) -> RetryAdvice | None:
    """The retry advice of a code or parsed error (the code's, else its category's), or `None`."""
    parsed = None if isinstance(x, str) else x if isinstance(x, WireError) else from_wire(x)
    code = _d.BY_WIRE_CODE.get(x) if isinstance(x, str) else parsed.code if parsed is not None and parsed.kind == "known" else None
    if code is not None:
        row = _d.CODES[code]
        return _retry(row[8]) if row[7] else None
    if parsed is not None and parsed.retryable and isinstance(parsed.category, str) and parsed.category in _CATEGORIES:
        return _retry(_CATEGORIES[parsed.category][2])
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

    def get(k: str | None) -> _Json:
        return obj.get(k, _ABSENT) if k is not None else _ABSENT

    wire_code = get(WIRE["code"])
    message = get(WIRE["message"])
    if not isinstance(wire_code, str):
        return _legacy_or_invalid(obj)
    code = _d.BY_WIRE_CODE.get(wire_code)
    if code is None and wire_code not in _RETIRED and not isinstance(message, str):
        return _legacy_or_invalid(obj)
    category = get(WIRE["category"])
    flag = get(WIRE["retryable"])
    problems: list[str] = []
    if code is not None:
        row = _d.CODES[code]
        params, context, argument, constraint, suggestion = _read_extras(obj, row[5], problems)
        if not isinstance(message, str):
            problems.append("the message is missing")
            message = render_template(row[4], params)
        if category is not _ABSENT and category != row[2]:
            problems.append(f"category is {_json(category)}, expected {_json(row[2])}")
        if flag is not _ABSENT and flag is not row[7]:
            problems.append(f"retryable is {_json(flag)}, expected {_json(row[7])}")
        return WireError(
            "known",
            code,
            row[2],
            row[7],
            message,
            obj,
            wire_code=wire_code,
            name=row[0],
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
        retryable = cat is not None and cat in _CATEGORIES and bool(_CATEGORIES[cat][1])
    text = message if isinstance(message, str) else ""
    if wire_code in _RETIRED:
        r = _RETIRED[wire_code]
        return WireError("retired", wire_code, cat, retryable, text, obj, name=r[0], since=r[1], note=r[2])
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
    x: dict[str, _Json], declared: _t.Sequence[_Row], problems: list[str]
) -> tuple[dict[str, _Json], dict[str, _Json], str | None, _Json, str | None]:
    extras: dict[str, _Json] = {}
    details = WIRE["details"]
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
    names = [p[0] for p in declared]
    for name, ty, _kw in declared:
        if name not in extras:
            problems.append(f"param {_json(name)} is missing")
        elif not _type_ok(ty, extras[name]):
            problems.append(f"param {_json(name)} is not a {_kind(ty)}")
        else:
            params[name] = extras[name]
    argument = extras.get("argument") if "argument" not in names else None
    constraint = extras.get("constraint") if "constraint" not in names else None
    suggestion = extras.get("suggestion") if "suggestion" not in names else None
    context = {
        k: v for k, v in extras.items() if k not in names and k not in ("argument", "constraint", "suggestion")
    }
    return (
        params,
        context,
        argument if isinstance(argument, str) else None,
        constraint,
        suggestion if isinstance(suggestion, str) else None,
    )


def _factory(name: str, code: str) -> _t.Callable[..., {{ registry_class }}]:
    row = _d.CODES[code]
    cls = _CLASSES[row[18]]
    keywords = {p[2]: p[0] for p in row[5]}

    def make(**kwargs: _t.Any) -> {{ registry_class }}:
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
    make.__doc__ = f"{code}: {row[3]}"
    return make


if not TYPE_CHECKING:

    def __getattr__(name: str) -> object:
        # One factory per code, built on first use (importing ten thousand functions would
        # cost more than the rest of the package).
        if name in _NAMED_FIELDS:
            return _named(name)
        if name == "ALL_CODES":
            codes = tuple(_d.CODES)
            globals()[name] = codes
            return codes
        code = _d.FACTORIES.get(name)
        if code is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        f = _factory(name, code)
        globals()[name] = f
        return f
