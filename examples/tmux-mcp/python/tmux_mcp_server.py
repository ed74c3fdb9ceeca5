"""A small tmux MCP server on fastmcp whose tools fail with the errors of `errors.yaml`.

Built the way the seed pull request describes (see ../README.md):

- tools raise the generated exceptions (`libtmux_mcp_errors`), never error results: an error
  keeps propagating as an exception through any middleware that needs exception semantics;
- one boundary, `ToolErrorResults`, the outermost error layer, turns every tool-call exception
  into an error result: `isError`, the message exactly as raised, and the `_meta` of the
  catalogue's MCP profile (`error_type`, `expected`, `suggestion`); it logs expected,
  agent-correctable faults at WARNING and operator faults and unexpected exceptions at ERROR;
- a call to a tool the server does not have is a protocol-level failure: the boundary
  answers it with the JSON-RPC error of `unknown_tool` (`to_jsonrpc_error()`);
- fastmcp's own argument validation (before any tool runs) is classified there too: unknown
  arguments become `unexpected_argument`, whose suggestion names them; other rejections
  `invalid_argument`; any other exception `unexpected`, its error type the exception's class.

tmux itself is modelled in memory (`Tmux`): the example shows the error design, not a tmux
binding.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

import mcp.types as mt
import pydantic
from fastmcp import FastMCP
from fastmcp.exceptions import NotFoundError, ValidationError
from mcp import MCPError
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from fastmcp.tools import ToolResult

import libtmux_mcp_errors as errors
from libtmux_mcp_errors import ToolError

#: Where the boundary logs: one record per failed tool call, at the error's own level.
log = logging.getLogger("tmux_mcp.errors")

#: The safety tiers, lowest first (LIBTMUX_SAFETY in the seed).
TIERS = ("readonly", "mutating", "destructive")


@dataclass
class Tmux:
    """An in-memory tmux server: sessions hold windows, windows hold panes, panes hold lines."""

    binary: str | None = "tmux"
    sessions: dict[str, list[str]] = field(default_factory=dict)
    windows: dict[str, list[str]] = field(default_factory=dict)
    panes: dict[str, list[str]] = field(default_factory=dict)
    #: A pane id whose next command tmux refuses (a transient failure).
    flaky: set[str] = field(default_factory=set)

    def check(self) -> None:
        if self.binary is None:
            raise errors.tmux_not_found()

    def session(self, session_id: str) -> list[str]:
        self.check()
        if session_id not in self.sessions:
            raise errors.session_not_found(session_id=session_id)
        return self.sessions[session_id]

    def window(self, window_id: str) -> list[str]:
        self.check()
        if window_id not in self.windows:
            raise errors.window_not_found(window_id=window_id)
        return self.windows[window_id]

    def pane(self, pane_id: str) -> list[str]:
        self.check()
        if pane_id not in self.panes:
            raise errors.pane_not_found(pane_id=pane_id)
        if pane_id in self.flaky:
            self.flaky.discard(pane_id)
            raise errors.tmux_command_failed(command="capture-pane", stderr=f"can't find pane: {pane_id}")
        return self.panes[pane_id]


def demo_tmux() -> Tmux:
    """One session `$0` with one window `@0` of two panes `%0` (a shell) and `%1` (empty)."""
    return Tmux(
        sessions={"$0": ["@0"]},
        windows={"@0": ["%0", "%1"]},
        panes={"%0": ["$ make test", "ok: 12 passed"], "%1": []},
    )


def _unexpected_arguments(error: pydantic.ValidationError) -> list[str]:
    """The argument names pydantic rejected as unexpected, in call order."""
    return [
        str(e["loc"][-1])
        for e in error.errors()
        if e["type"] == "unexpected_keyword_argument" and e["loc"]
    ]


def classify(exc: BaseException, tool: str) -> ToolError:
    """The catalogue error a tool-call exception stands for.

    A generated error (raised by a tool, or the cause of fastmcp's wrapping `ToolError`) is
    itself; fastmcp's argument validation is `unexpected_argument` or `invalid_argument`;
    anything else is `unexpected`, with the message and class of the exception as raised.
    """
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, ToolError):
            return seen
        seen = seen.__cause__
    original = exc.__cause__ if exc.__cause__ is not None else exc
    if isinstance(exc, ValidationError) and isinstance(original, pydantic.ValidationError):
        extra = _unexpected_arguments(original)
        if extra:
            return errors.unexpected_argument(tool=tool, arguments=extra, cause=exc)
        first = original.errors()[0]
        name = ".".join(str(part) for part in first["loc"]) or tool
        return errors.invalid_argument(name=name, reason=first["msg"], cause=exc)
    return errors.unexpected(raised=str(original), error_type=type(original).__name__, cause=exc)


def error_result(error: ToolError) -> ToolResult:
    """The MCP error result of `error`: the catalogue's profile, as fastmcp's `ToolResult`."""
    shape = error.to_mcp_tool_result()
    text = shape["content"][0]["text"]
    return ToolResult(
        content=[mt.TextContent(type="text", text=text)],
        meta=shape["_meta"],
        is_error=True,
    )


class ToolErrorResults(Middleware):
    """The one boundary: every tool-call exception becomes an error result, logged once at
    its level (WARNING: the agent can correct course; ERROR: an operator must act)."""

    async def on_call_tool(
        self,
        context: MiddlewareContext[mt.CallToolRequestParams],
        call_next: CallNext[mt.CallToolRequestParams, ToolResult],
    ) -> ToolResult:
        tool = context.message.name
        try:
            return await call_next(context)
        except NotFoundError as exc:
            if context.fastmcp_context is not None and await context.fastmcp_context.fastmcp.get_tool(tool):
                raise  # a tool that exists raised it: not a protocol-level failure
            error: ToolError = errors.unknown_tool(tool=tool, cause=exc)
            log.log(error.log_level, "%s: %s", error.code, error.message)
            rpc = error.to_jsonrpc_error()
            raise MCPError(code=rpc["code"], message=rpc["message"], data=rpc["data"]) from exc
        except Exception as exc:  # noqa: BLE001 - the boundary converts every failure
            error = classify(exc, tool)
            log.log(
                error.log_level,
                "%s failed: %s: %s",
                tool,
                error.error_type,
                error.message,
                exc_info=not error.expected,
            )
            return error_result(error)


class _BoundaryLogsToolFailures(logging.Filter):
    """Drops fastmcp's own records of a failed tool call: the boundary logs each one once.

    fastmcp logs any exception from a tool that is not its own at ERROR, with a traceback,
    before the middleware sees it; for an error of this registry that would re-shout an
    expected fault the boundary logs at WARNING (the seed's "quieter logs").
    """

    PREFIXES = ("Error calling tool", "Invalid arguments for tool")

    def filter(self, record: logging.LogRecord) -> bool:
        return not (isinstance(record.msg, str) and record.msg.startswith(self.PREFIXES))


def create_server(tmux: Tmux | None = None, safety: str = "mutating") -> FastMCP[Any]:
    """The server over `tmux` (default: `demo_tmux()`) at the safety tier `safety`."""
    state = tmux if tmux is not None else demo_tmux()
    server: FastMCP[Any] = FastMCP("libtmux-mcp-example")
    server.add_middleware(ToolErrorResults())
    _core_log = logging.getLogger("fastmcp.server.server")
    if not any(isinstance(f, _BoundaryLogsToolFailures) for f in _core_log.filters):
        _core_log.addFilter(_BoundaryLogsToolFailures())

    def require(tool: str, tier: str) -> None:
        if TIERS.index(safety) < TIERS.index(tier):
            raise errors.tier_denied(tool=tool, tier=tier)

    @server.tool
    def list_sessions() -> list[str]:
        """The ids of the sessions."""
        state.check()
        return list(state.sessions)

    @server.tool
    def list_windows(session_id: str) -> list[str]:
        """The ids of a session's windows."""
        return list(state.session(session_id))

    @server.tool
    def list_panes(window_id: str) -> list[str]:
        """The ids of a window's panes."""
        return list(state.window(window_id))

    @server.tool
    def capture_pane(pane_id: str, lines: int = 10) -> str:
        """The last `lines` lines of a pane."""
        if lines <= 0:
            raise errors.invalid_argument(name="lines", reason="must be positive", argument="lines")
        return "\n".join(state.pane(pane_id)[-lines:])

    @server.tool
    def send_keys(pane_id: str, keys: str) -> str:
        """Types `keys` into a pane (a destructive tool)."""
        require("send_keys", "destructive")
        state.pane(pane_id).append(keys)
        return "sent"

    @server.tool
    def pane_line_width(pane_id: str) -> float:
        """The mean line width of a pane. Its bug: an empty pane divides by zero."""
        rows = state.pane(pane_id)
        return sum(len(r) for r in rows) / len(rows)

    return server
