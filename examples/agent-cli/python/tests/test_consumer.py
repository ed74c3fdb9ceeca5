"""The Python consumer of the milo catalogue against the seed documents' samples."""

from __future__ import annotations

import json

from milo_errors import ErrorCode, FormError, MiloError, frm_validation

import milo_consumer as milo


def test_the_reference_raise_is_a_milo_error_of_its_code() -> None:
    try:
        milo.require_env("")
    except MiloError as e:
        assert e.code == ErrorCode.FRM_VALIDATION == "M-FRM-001"
        assert e.message == "Environment is required"
        assert (e.argument, e.constraint) == ("environment", {"minLength": 1})
        assert e.error_type == "MiloError", "raised as the base class, as the reference does"
        assert not isinstance(e, FormError)
    else:
        raise AssertionError("require_env('') did not raise")


def test_the_cli_prints_the_compact_form_and_exits_with_the_codes_exit_code() -> None:
    code, text = milo.cli(["deploy", ""])
    assert code == 1
    # The document's lines, indented as milo's own format_compact() indents them (the
    # published text lost its leading whitespace; see README.md).
    assert text.splitlines() == [
        "M-FRM-001 `environment`: Environment is required",
        "  constraint: {'minLength': 1}",
        "  hint: Provide a non-empty environment name.",
    ]


def test_the_cli_renders_a_plain_exception_like_format_error() -> None:
    assert milo.cli([]) == (1, "IndexError: list index out of range")


def test_tools_call_returns_the_documents_error_data() -> None:
    got = milo.call_tool("deploy", {"environment": ""})
    doc = {
        "content": [{"type": "text", "text": "Error: Environment is required"}],
        "isError": True,
        "errorData": {
            "tool": "deploy",
            "errorCode": "M-FRM-001",
            "type": "MiloError",
            "argument": "environment",
            "constraint": {"minLength": 1},
            "example": "x",
            "suggestion": "Provide a non-empty environment name.",
            "schema": {"type": "object", "properties": {"environment": {"type": "string"}}},
        },
    }
    # errdex adds `resultType` (MCP 2026-07-28); otherwise the document's sample, in order.
    assert got.pop("resultType") == "complete"
    assert json.dumps(got) == json.dumps(doc)


def test_a_factory_raises_the_codes_class() -> None:
    e = frm_validation(argument="environment")
    assert isinstance(e, FormError) and e.error_type == "FormError"
    assert e.expected and e.log_level == 30


def test_dispatch_maps_to_the_documents_json_rpc_codes() -> None:
    assert milo.dispatch(1, "site.bild")["error"]["code"] == -32601
    assert milo.dispatch(1, "site.bild")["error"]["message"] == "Command was not found: site.bild"
    assert milo.dispatch(2, "deploy") == {"jsonrpc": "2.0", "id": 2, "result": {}}
    assert milo.cli(["rollback", "prod"])[1].startswith("M-STA-002")
    rollback = milo.call_tool("rollback", {"environment": "prod"})
    assert rollback["errorData"]["errorCode"] == "M-STA-002"
    assert MiloError(ErrorCode.STA_DISPATCH).to_jsonrpc_error()["code"] == -32603
    assert MiloError(ErrorCode.FRM_VALIDATION).to_jsonrpc_error()["code"] == -32602
