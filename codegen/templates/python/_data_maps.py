

# Wire code (current, then legacy) -> current code.
{{ wire_map|safe }}

# NAMEs, then aliases -> current code.
{{ name_map|safe }}

# Retired code or former NAME -> retired code.
RETIRED_BY_NAME: dict[str, str] = {
{%- for (k, v) in retired_map %}
    {{ k|safe }}: {{ v|safe }},
{%- endfor %}
}

# AIP-193 reason (under `profiles.http.reason`) -> current code: what a Google error body's
# ErrorInfo names (`read_http_response`).
{{ reason_map|safe }}

# AIP-193 reason of a retired code -> retired code.
RETIRED_BY_REASON: dict[str, str] = {
{%- for (k, v) in retired_reason_map %}
    {{ k|safe }}: {{ v|safe }},
{%- endfor %}
}

# Code -> param -> its `example:` (JSON text): the MCP profile's `example` fact when the
# error's `argument` names the param and the raise site gave no `example` context.
PARAM_EXAMPLES: dict[str, dict[str, str]] = {
{%- for (code, examples) in param_examples %}
    {{ code|safe }}: {
{%- for (name, json) in examples %}
        {{ name|safe }}: {{ json|safe }},
{%- endfor %}
    },
{%- endfor %}
}
