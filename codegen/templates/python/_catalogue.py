# {{ header|safe }}
#
# The catalogue's own settings and small tables, read by `_runtime.py`; rows as `_runtime.py`
# lays them out (`_CategoryRow`, ...: read by name, never by number).
"""The catalogue's registry, wire keys, profiles, categories, namespaces and retired codes (generated)."""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    import typing as _t

    from ._runtime import _CategoryRow, _NamespaceRow, _RetiredRow

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

#: How an error becomes an MCP tool result, a JSON-RPC error object and an HTTP response
#: (the catalogue's `profiles:`): texts are templates over message, code, name, category,
#: error_type, suggestion, compact and wire; `fields` are (key, fact) pairs in output order;
#: `http` names the body (`problem`, `wire`, `google`) and its content type, the AIP-193
#: domain and reason source, and whether retryable codes send `Retry-After`.
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
    "http": {
        "body": {{ profiles.http_body|safe }},
        "content_type": {{ profiles.http_content_type|safe }},
        "domain": {{ profiles.http_domain|safe }},
        "reason": {{ profiles.http_reason|safe }},
        "retry_after": {{ profiles.http_retry_after|safe }},
    },
}

#: `profiles.terminal.values`: how `format_compact()` prints a constraint (`json`, `python`).
TERMINAL_VALUES: str = {{ terminal_values|safe }}

#: Category key -> its row.
CATEGORIES: dict[str, _CategoryRow] = {
{%- for c in categories %}
    {{ c.key|safe }}: {{ c.row|safe }},
{%- endfor %}
}

#: Namespace key -> its row.
NAMESPACES: dict[str, _NamespaceRow] = {
{%- for n in namespaces %}
    {{ n.key|safe }}: {{ n.row|safe }},
{%- endfor %}
}

#: Retired code -> its row.
RETIRED: dict[str, _RetiredRow] = {
{%- for r in retired %}
    {{ r.code|safe }}: {{ r.row|safe }},
{%- endfor %}
}
