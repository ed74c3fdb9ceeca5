"""The milo framework's errors (seed documents "Milo errors" and "Dispatch Contract") in
Python, raised the way the framework's reference shows:

- the validation boundary raises `MiloError(ErrorCode.FRM_VALIDATION, "Environment is
  required", argument=..., constraint=..., suggestion=...)`, the base class with a code;
- the CLI surface prints `format_error(exc)` (the compact form, or `TypeError: ...` for a
  plain exception) and exits with the code's exit code;
- the MCP `tools/call` surface returns the error as a tool result: `content[0].text` =
  "Error: <message>" and a top-level `errorData`, to which the boundary adds the tool, an
  example value and the input schema;
- an exception escaping JSON-RPC method dispatch becomes the catalogue's JSON-RPC error
  (CMD_NOT_FOUND -32601, validation/config/form/input -32602, everything else -32603).

Run it: python examples/agent-cli/python/milo_consumer.py (with the generated package on
PYTHONPATH: examples/agent-cli/generated/python).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from typing import Any

from milo_errors import ErrorCode, MiloError, cmd_not_found, format_error, sta_dispatch

#: `deploy`'s input schema, as the framework derives it from the handler's signature.
DEPLOY_SCHEMA: dict[str, Any] = {"type": "object", "properties": {"environment": {"type": "string"}}}


def require_env(environment: str) -> None:
    """The reference's validation boundary."""
    if not environment:
        raise MiloError(
            ErrorCode.FRM_VALIDATION,
            "Environment is required",
            argument="environment",
            constraint={"minLength": 1},
            suggestion="Provide a non-empty environment name.",
        )


def deploy(environment: str) -> dict[str, Any]:
    require_env(environment)
    return {"environment": environment}


def _reducer_crash(environment: str) -> dict[str, Any]:
    raise sta_dispatch(message=f"dispatch failed while deploying to {environment}")


#: The commands, by name.
COMMANDS: dict[str, Callable[[str], dict[str, Any]]] = {"deploy": deploy, "rollback": _reducer_crash}


def resolve(name: str) -> Callable[[str], dict[str, Any]]:
    command = COMMANDS.get(name)
    if command is None:
        raise cmd_not_found(message=f"Command was not found: {name}", argument=name)
    return command


def cli(argv: list[str]) -> tuple[int, str]:
    """The CLI surface: (exit code, what it prints)."""
    try:
        name, environment = argv[0], argv[1] if len(argv) > 1 else ""
        return 0, json.dumps(resolve(name)(environment))
    except MiloError as e:
        return e.exit_code, format_error(e)
    except Exception as e:  # noqa: BLE001 - the CLI boundary renders any failure
        return 1, format_error(e)


def call_tool(name: str, args: Mapping[str, object]) -> dict[str, Any]:
    """The MCP `tools/call` surface: a failure is a tool result with `errorData`."""
    try:
        environment = args.get("environment", "")
        value = resolve(name)(environment if isinstance(environment, str) else "")
        return {"content": [{"type": "text", "text": json.dumps(value)}], "isError": False, "structuredContent": value}
    except MiloError as e:
        # The boundary adds what it knows about the call.
        e.context.update(tool=name, example="x", schema=DEPLOY_SCHEMA)
        return e.to_mcp_tool_result()


def dispatch(request_id: int | str | None, method: str) -> dict[str, Any]:
    """JSON-RPC method dispatch: an escaping error becomes the catalogue's JSON-RPC error."""
    try:
        resolve(method)
        return {"jsonrpc": "2.0", "id": request_id, "result": {}}
    except MiloError as e:
        return {"jsonrpc": "2.0", "id": request_id, "error": e.to_jsonrpc_error()}


if __name__ == "__main__":
    code, text = cli(sys.argv[1:] or ["deploy"])
    print(text)
    print(json.dumps(call_tool("deploy", {"environment": ""})))
    print(json.dumps(dispatch(1, "site.bild")))
    sys.exit(code)
