# {{ header|safe }}
#
# One typed factory per code: keyword arguments are the code's params, then the options every
# error takes. The package builds them on first use; this stub gives type checkers their types.
# Codes with the same params and class share one callable protocol: ten thousand `def`s would
# take a type checker longer than the rest of the package.
{%- if !errors.is_empty() %}

import typing as _t

from typing_extensions import Unpack as _Unpack

from ._runtime import _Options
{%- for c in class_names %}
from . import {{ c.name }} as _{{ c.name }}
{%- endfor %}
{%- for s in signatures %}

class _Factory{{ loop.index0 }}(_t.Protocol):
    def __call__(_errdex_self, /, {% if !s.params.is_empty() %}*, {% endif %}{% for p in s.params %}{{ p.ident }}: {{ p.ty }}, {% endfor %}**_errdex_options: _Unpack[_Options]) -> _{{ s.class }}: ...
{%- endfor %}
{% for e in errors %}
{{ e.py_fn }}: _Factory{{ e.signature }}
{%- endfor %}
{%- endif %}
