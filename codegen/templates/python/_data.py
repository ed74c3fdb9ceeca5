# {{ header|safe }}
#
# The per-code tables of the package, imported on first use (`_Tables` in `_runtime.py`);
# rows as `_runtime.py` lays them out (`_CodeRow`: read by name, never by number).
"""The catalogue's per-code rows (generated)."""

from __future__ import annotations

{%- if derived %}

from ._runtime import _CODE_AIP_REASON, _CODE_NAME
{%- endif %}

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ._runtime import _CodeRow

# Code -> its row.
CODES: dict[str, _CodeRow] = {
{{- codes|safe }}
}

# Factory name -> code.
FACTORIES: dict[str, str] = {
{{- factories|safe }}
}
