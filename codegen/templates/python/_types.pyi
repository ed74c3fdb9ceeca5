# {{ header|safe }}
#
# The codes as types: `Code` is a distinct `str` type (values come from `ErrorCode` or
# `parse()`, so a wrong code is a type error), `ErrorCode.X` is one. At runtime `ErrorCode` is
# built in `__init__.py` and `Code` is `str`. `Code` is declared in `_runtime.py`.
{%- if !errors.is_empty() %}

import typing as _t
{%- endif %}

from ._runtime import Code as Code

class ErrorCode:
    {{ error_code_doc|safe }}
{%- for e in errors %}
    {{ e.key }}: _t.Final[Code]
{%- endfor %}
