# {{ header|safe }}
#
# {{ title_comment|safe }}: error codes, their metadata, typed exceptions and factories, and
# total parsers for wire payloads. Standard library only; Python >= 3.10.
#
# What this file names is the catalogue's (its codes, keys and error classes); the rest is
# `_runtime.py`, the same in every package errdex generates, over the data of `_catalogue.py`
# and `_data.py`.
{{ title_doc|safe }}

from __future__ import annotations

from ._catalogue import PROFILES as PROFILES
from ._catalogue import REGISTRY as REGISTRY
from ._catalogue import WIRE as WIRE
from ._runtime import _CLASSES, _attribute
from ._runtime import CatalogueError as _CatalogueError
from ._runtime import ParseCodeError as ParseCodeError
from ._runtime import RetiredCodeError as RetiredCodeError
from ._runtime import WireError as WireError
from ._runtime import _d as _d
from ._runtime import format_error as format_error
from ._runtime import from_wire as from_wire
from ._runtime import info as info
from ._runtime import is_error_code as is_error_code
from ._runtime import is_retryable as is_retryable
from ._runtime import lookup as lookup
from ._runtime import parse as parse
from ._runtime import read_http_response as read_http_response
from ._runtime import render_template as render_template
from ._runtime import retry_advice as retry_advice

# The small tables under the names the package has always given them (the shared vectors,
# tests/python/vectors.py, read them).
from ._catalogue import CATEGORIES as _CATEGORIES  # noqa: F401
from ._catalogue import NAMESPACES as _NAMESPACES  # noqa: F401
from ._catalogue import RETIRED as _RETIRED  # noqa: F401

# `typing` is imported by type checkers only: at runtime it would cost more than the codes.
TYPE_CHECKING = False

if TYPE_CHECKING:
    import typing as _t
    from collections.abc import Mapping as _Mapping

    from typing_extensions import TypeAlias as _TypeAlias
    from typing_extensions import Unpack as _Unpack

    from ._factories import *  # noqa: F403
    from ._runtime import CodeInfo as CodeInfo
    from ._runtime import Deprecation as Deprecation
    from ._runtime import HttpReading as HttpReading
    from ._runtime import HttpResponse as HttpResponse
    from ._runtime import RetryAdvice as RetryAdvice
    from ._runtime import WireKind as WireKind
    from ._runtime import _Json
    from ._runtime import _Options as _Options
    from ._types import Code as Code
    from ._types import ErrorCode as ErrorCode

    #: Every category key, as a type.
    CategoryKey: _TypeAlias = {{ category_type|safe }}
    #: Every namespace key, as a type.
    NamespaceKey: _TypeAlias = {{ namespace_type|safe }}
    #: Every live code in catalogue order.
    ALL_CODES: tuple[Code, ...]
else:
    Code = str
    CategoryKey = str
    NamespaceKey = str
    WireKind = str

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


class {{ registry_class }}(_CatalogueError):
    """The base exception of this registry: every error of the catalogue is one.

    `{{ registry_class }}(ErrorCode.X, "message", argument=..., constraint=..., suggestion=...)`
    raises code X with the message as given; without a message, the catalogue's template is
    rendered from `params`. The error type (the MCP `error_type`) is the raise site's
    `error_type`, else the class raised (a factory raises the code's class). `expected` is
    the raise site's, else the code's.
    """

    if TYPE_CHECKING:

        @property
        def category(self) -> CategoryKey:
            """The code's category."""
            ...
{%- for c in classes %}


class {{ c.name }}({{ registry_class }}):
    """Error class `{{ c.name }}`: the factories of its codes raise one."""
{%- endfor %}


_CLASSES.update(
    {
{%- for n in class_names %}
        {{ n.lit|safe }}: {{ n.name }},
{%- endfor %}
    }
)

if TYPE_CHECKING:

    def create_error(
        code: Code, params: _Mapping[str, _Json] | None = None, **options: _Unpack[_Options]
    ) -> {{ registry_class }}:
        """An error of `code` with its params: an instance of the code's class."""
        ...

else:
    from ._runtime import create_error as create_error

    def __getattr__(name):
        # `ALL_CODES`, the named tuples and one factory per code, built on first use.
        value = _attribute(name)
        globals()[name] = value
        return value
