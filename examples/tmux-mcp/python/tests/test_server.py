"""The example server driven through fastmcp's in-memory client: what an agent receives and
what the operator's log shows, for each kind of failure the seed pull request names."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import mcp.types as mt
import pytest
from fastmcp import Client, FastMCP
from fastmcp.exceptions import ToolError as ClientToolError
from mcp import MCPError

import libtmux_mcp_errors as errors
import tmux_mcp_server as srv

T = TypeVar("T")

#: Keys fastmcp adds to every result's `_meta` (reverse-DNS, reserved by MCP).
_SDK_META = "io.modelcontextprotocol/"


def run(make: Callable[[Client[Any]], Awaitable[T]], server: FastMCP[Any] | None = None) -> T:
    async def go() -> T:
        async with Client(server if server is not None else srv.create_server()) as client:
            return await make(client)

    return asyncio.run(go())


def call(name: str, args: dict[str, Any], server: FastMCP[Any] | None = None) -> mt.CallToolResult:
    return run(lambda c: c.call_tool_mcp(name, args), server)


def profile_meta(result: mt.CallToolResult) -> dict[str, Any]:
    """The result's `_meta` without what the SDK adds to every result."""
    meta = result.meta or {}
    return {k: v for k, v in meta.items() if not k.startswith(_SDK_META)}


def text(result: mt.CallToolResult) -> str:
    assert len(result.content) == 1
    block = result.content[0]
    assert isinstance(block, mt.TextContent)
    return block.text


@pytest.fixture
def records(caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> pytest.LogCaptureFixture:
    """Every record of the boundary and of fastmcp (whose logger does not propagate)."""
    monkeypatch.setattr(logging.getLogger("fastmcp"), "propagate", True)
    caplog.set_level(logging.DEBUG)
    return caplog


def levels(caplog: pytest.LogCaptureFixture) -> list[tuple[str, int]]:
    return [(r.name, r.levelno) for r in caplog.records if r.levelno >= logging.WARNING]


@pytest.mark.parametrize(
    ("tool", "args", "message", "discovery"),
    [
        ("list_windows", {"session_id": "$9"}, "Session not found: $9", "list_sessions"),
        ("list_panes", {"window_id": "@7"}, "Window not found: @7", "list_windows"),
        ("capture_pane", {"pane_id": "%5"}, "Pane not found: %5", "list_panes"),
    ],
)
def test_not_found_carries_the_discovery_tool(tool: str, args: dict[str, Any], message: str, discovery: str) -> None:
    result = call(tool, args)
    assert result.is_error is True
    assert text(result) == message, "the message exactly as raised"
    meta = profile_meta(result)
    assert list(meta) == ["error_type", "expected", "suggestion"], "the profile's keys, in its order"
    assert meta["error_type"] == "ExpectedToolError"
    assert meta["expected"] is True
    assert discovery in meta["suggestion"]
    assert result.structured_content is None, "no structuredContent on error results"


def test_not_found_is_the_generated_rendering() -> None:
    raised = errors.pane_not_found(pane_id="%5")
    want = raised.to_mcp_tool_result()
    result = call("capture_pane", {"pane_id": "%5"})
    assert [{"type": "text", "text": text(result)}] == want["content"]
    assert profile_meta(result) == want["_meta"]
    assert result.is_error == want["isError"]


def test_tier_denial_is_the_documents_after_result() -> None:
    result = call("send_keys", {"pane_id": "%0", "keys": "ls"})
    assert result.is_error is True
    assert text(result) == (
        "Tool 'send_keys' is not available at the current safety level. "
        "Set LIBTMUX_SAFETY=destructive to enable destructive tools."
    )
    assert not text(result).startswith("Internal error")
    assert profile_meta(result) == {"error_type": "ExpectedToolError", "expected": True}


def test_the_tier_allows_it_when_set() -> None:
    tmux = srv.demo_tmux()
    result = call("send_keys", {"pane_id": "%0", "keys": "ls"}, srv.create_server(tmux, safety="destructive"))
    assert result.is_error is False
    assert tmux.panes["%0"][-1] == "ls"


def test_fastmcp_client_raises_the_clean_text() -> None:
    async def go(c: Client[Any]) -> str:
        with pytest.raises(ClientToolError) as caught:
            await c.call_tool("capture_pane", {"pane_id": "%5"})
        return str(caught.value)

    assert run(go) == "Pane not found: %5"


def test_expected_faults_log_a_warning_and_no_error(records: pytest.LogCaptureFixture) -> None:
    tmux = srv.demo_tmux()
    tmux.flaky.add("%0")
    server = srv.create_server(tmux)
    failures: list[tuple[str, dict[str, Any]]] = [
        ("capture_pane", {"pane_id": "%5"}),  # unknown id
        ("capture_pane", {"pane_id": "%0", "lines": 0}),  # invalid argument (raised by the tool)
        ("capture_pane", {"pane_id": "%0", "lines": "many"}),  # schema-level rejection
        ("send_keys", {"pane_id": "%0", "keys": "ls"}),  # tier denial
        ("capture_pane", {"pane_id": "%0"}),  # transient tmux failure
    ]
    for tool, args in failures:
        result = call(tool, args, server)
        assert result.is_error is True, tool
        assert profile_meta(result)["expected"] is True, (tool, args)
    assert levels(records) == [("tmux_mcp.errors", logging.WARNING)] * len(failures)


@pytest.mark.parametrize(
    ("tmux", "tool", "args", "message", "error_type"),
    [
        (srv.Tmux(binary=None), "list_sessions", {}, "tmux not found on PATH", "ToolError"),
        (srv.demo_tmux(), "pane_line_width", {"pane_id": "%1"}, "division by zero", "ZeroDivisionError"),
    ],
    ids=["tmux-missing", "unexpected-exception"],
)
def test_operator_faults_log_an_error(
    records: pytest.LogCaptureFixture, tmux: srv.Tmux, tool: str, args: dict[str, Any], message: str, error_type: str
) -> None:
    result = call(tool, args, srv.create_server(tmux))
    assert result.is_error is True
    assert text(result) == message
    assert profile_meta(result) == {"error_type": error_type, "expected": False}
    assert levels(records) == [("tmux_mcp.errors", logging.ERROR)]


def test_schema_rejection_names_the_unexpected_argument(records: pytest.LogCaptureFixture) -> None:
    result = call("capture_pane", {"pane_id": "%0", "wait_for_previous": True})
    assert result.is_error is True
    assert text(result) == "Unexpected argument(s) for capture_pane: wait_for_previous"
    meta = profile_meta(result)
    assert meta["expected"] is True
    assert "Remove wait_for_previous" in meta["suggestion"]
    assert levels(records) == [("tmux_mcp.errors", logging.WARNING)]


def test_unknown_tool_is_the_json_rpc_error_errdex_maps(records: pytest.LogCaptureFixture) -> None:
    async def go(c: Client[Any]) -> MCPError:
        with pytest.raises(MCPError) as caught:
            await c.call_tool_mcp("list_buffers", {})
        return caught.value

    got = run(go).error
    want = errors.unknown_tool(tool="list_buffers").to_jsonrpc_error()
    assert (got.code, got.message, got.data) == (want["code"], want["message"], want["data"])
    assert got.code == -32602
    assert errors.from_wire(got.data).code == errors.ErrorCode.UNKNOWN_TOOL
    assert levels(records) == [("tmux_mcp.errors", logging.WARNING)]


def test_success_is_untouched() -> None:
    result = call("capture_pane", {"pane_id": "%0", "lines": 1})
    assert result.is_error is False
    assert text(result) == "ok: 12 passed"
