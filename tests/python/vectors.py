"""Shared test vectors: the Rust reference renderings (codegen/src/payload.rs) against the
generated Python package.

Run by `cargo test -p errdex-codegen --test python_vectors`, which generates one package per
catalogue and writes `<dir>/vectors.json` (the same file `tests/ts/vectors.test.mjs` reads),
then runs `python3 tests/python/vectors.py <dir>/vectors.json` for each. `module` names the
directory holding the generated package; `pyPackage` its import name.

Every rendering is compared as bytes: compact JSON of both sides with the members in order,
and the tool response's `content` against serde_json's own bytes.
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any


def dumps(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def main(path: str) -> int:
    with open(path, encoding="utf-8") as f:
        v = json.load(f)
    sys.path.insert(0, v["module"])
    m = importlib.import_module(v["pyPackage"])
    checked = 0

    def same(got: Any, want: dict[str, Any], label: str) -> None:
        assert got.kind == want["kind"], f"{label}: kind {got!r}"
        assert got.code == want["code"], f"{label}: code {got.code!r} != {want['code']!r}"
        assert got.category == want["category"], f"{label}: category {got.category!r}"
        assert got.retryable == want["retryable"], f"{label}: retryable"
        if "message" in want:
            assert got.message == want["message"], f"{label}: message {got.message!r} != {want['message']!r}"

    for c in v["cases"]:
        label = c["label"]
        options: dict[str, Any] = {"context": c["context"]}
        for key, opt in (
            ("argument", "argument"),
            ("constraint", "constraint"),
            ("message", "message"),
            ("suggestion", "suggestion"),
            ("expected", "expected"),
            ("errorType", "error_type"),
        ):
            if c[key] is not None:
                options[opt] = c[key]
        code = c["expect"]["code"]
        e = m.create_error(code, c["params"], **options)
        assert dumps(e.to_wire()) == dumps(c["wire"]), f"{label}: to_wire\n{dumps(e.to_wire())}\n{dumps(c['wire'])}"
        assert dumps(e.to_mcp_tool_result()) == dumps(c["mcp"]), (
            f"{label}: to_mcp_tool_result\n{dumps(e.to_mcp_tool_result())}\n{dumps(c['mcp'])}"
        )
        assert dumps(e.to_jsonrpc_error()) == dumps(c["jsonrpc"]), (
            f"{label}: to_jsonrpc_error\n{dumps(e.to_jsonrpc_error())}\n{dumps(c['jsonrpc'])}"
        )
        assert dumps(e.to_problem_json()) == dumps(c["problem"]), f"{label}: to_problem_json"
        assert e.format_compact() == c["terminal"], f"{label}: format_compact {e.format_compact()!r} != {c['terminal']!r}"
        tool = e.to_tool_response(c["toolId"])
        assert list(tool) == ["id", "content", "is_error"], f"{label}: envelope members"
        # serde_json's own bytes of the wire object.
        assert tool["content"] == c["toolResponse"]["content"], (
            f"{label}: tool response content\n{tool['content']}\n{c['toolResponse']['content']}"
        )
        assert dumps(tool) == dumps(c["toolResponse"]), f"{label}: to_tool_response"
        assert e.message == c["expect"]["message"], f"{label}: message"
        assert str(e) == c["expect"]["message"], f"{label}: str()"
        assert e.error_type == c["name"], f"{label}: error_type {e.error_type!r} != {c['name']!r}"
        assert type(e).__name__ == c["class"], f"{label}: class {type(e).__name__} != {c['class']}"
        assert isinstance(e, getattr(m, v["baseClass"])), f"{label}: base class"
        assert e.expected == c["expectedNow"], f"{label}: expected"
        assert e.log_level == (30 if c["logLevel"] == "warn" else 40), f"{label}: log_level"
        # The HTTP response of the catalogue's profile: status, headers in order, body bytes.
        http = e.to_http_response()
        want = c["http"]
        assert http.status == want["status"], f"{label}: http status {http.status}"
        assert http.headers == [tuple(h) for h in want["headers"]], f"{label}: http headers {http.headers}"
        assert http.body.encode("utf-8") == want["body"].encode("utf-8"), f"{label}: http body\n{http.body}\n{want['body']}"
        assert http.media_type == want["headers"][0][1], f"{label}: media type"
        assert http.log_level == (30 if want["logLevel"] == "warn" else 40), f"{label}: http log level"
        # The code's typed factory renders the same as create_error.
        meta = next(x for x in v["meta"] if x["code"] == code)
        fn = {c: n for n, c in m._d.FACTORIES.items()}[code]
        kwargs = {kw: c["params"][name] for name, _ty, kw in m._d.CODES[code][5]}
        f = getattr(m, fn)(**kwargs, **options)
        assert dumps(f.to_mcp_tool_result()) == dumps(c["mcp"]), f"{label}: factory {fn}"
        assert type(f).__name__ == meta["class"], f"{label}: factory class"
        # The base class raised directly, with the raise site's error_type, renders the same.
        plain = getattr(m, v["baseClass"])(code, params=c["params"], **options)
        if c["errorType"] is not None:
            assert dumps(plain.to_mcp_tool_result()) == dumps(c["mcp"]), f"{label}: base class MCP"
        else:
            assert plain.error_type == v["baseClass"], f"{label}: the class raised is the error type"

        # Parsing the Rust renderings.
        w = m.from_wire(c["wire"])
        same(w, c["expect"], f"{label} wire")
        assert w.problems == [], f"{label}: problems {w.problems}"
        for k, val in c["params"].items():
            assert w.params[k] == val, f"{label}: param {k}"
        if c["argument"] is not None:
            assert w.argument == c["argument"], f"{label}: argument"
        assert dumps(w.context) == dumps(c["wireContext"]), f"{label}: context {w.context}"
        assert m.is_retryable(c["wire"]) == c["expect"]["retryable"]
        assert m.is_retryable(code) == c["expect"]["retryable"]
        checked += 1

    for r in v["httpReadings"]:
        want = r["expect"]
        for body in (r["body"], r["body"].encode("utf-8")):
            got = m.read_http_response(r["status"], [tuple(h) for h in r["headers"]], body)
            assert (got.kind, got.code, got.message, got.status, got.retry_after_ms) == (
                want["kind"],
                want["code"],
                want["message"],
                want["status"],
                want["retryAfterMs"],
            ), f"{r['label']}: read_http_response {got!r} != {want!r}"
        # The same headers as a mapping (the first of a name only).
        first: dict[str, str] = {}
        for name, value in r["headers"]:
            first.setdefault(name, value)
        got = m.read_http_response(r["status"], first, r["body"])
        assert got.retry_after_ms == want["retryAfterMs"], f"{r['label']}: headers as a mapping"
        checked += 1

    for f in v["foreign"]:
        got = m.from_wire(f["wire"])
        same(got, f["expect"], f["label"])
        checked += 1
    for junk in (None, 0, "", "text", [], [1], True, {m.WIRE["code"]: 7}, 1.5):
        assert m.from_wire(junk).kind in ("invalid", "legacy")
        assert m.is_retryable(junk) is False or isinstance(junk, str)
    for n in v["negative"]:
        parsed = m.from_wire(n["wire"])
        if parsed.kind == "known":
            assert parsed.problems, f"{n['label']}: problems reported"
        checked += 1

    # Metadata and parse().
    assert list(m.ALL_CODES) == v["codes"], "ALL_CODES"
    for meta in v["meta"]:
        code = meta["code"]
        info = m.info(code)
        assert info.name == meta["name"] and info.category == meta["category"]
        assert info.summary == meta["summary"] and info.message == meta["message"]
        assert info.docs_url == meta["docsUrl"] and info.error_class == meta["class"]
        assert (info.exit_code, info.http_status, info.jsonrpc_code) == (
            meta["exitCode"],
            meta["httpStatus"],
            meta["jsonrpcCode"],
        )
        assert m.parse(code) == code and m.parse(meta["name"]) == code
        for alias in meta["aliases"]:
            assert m.parse(alias) == code or m.lookup(alias) is not None
        for legacy in meta["legacyCodes"]:
            assert m.parse(legacy) == m._d.BY_WIRE_CODE[legacy]
        assert any(k.isupper() or "_" in k for k, val in vars(m.ErrorCode).items() if val == code), code
    for code in v["retired"]:
        try:
            m.parse(code)
        except m.RetiredCodeError as e:
            assert e.code == code
        else:
            raise AssertionError(f"parse({code!r}) accepted a retired code")
    try:
        m.parse("\u0000 no such code")
    except m.ParseCodeError:
        pass
    else:
        raise AssertionError("parse accepted garbage")
    texts = v["pyTexts"]
    assert m.REGISTRY["title"] == texts["title"] and m.REGISTRY["name"] == texts["name"], "registry texts"
    assert m.REGISTRY["class"] == texts["class"] == v["baseClass"]
    for key, summary in texts["categories"].items():
        assert m._CATEGORIES[key][0] == summary, f"category {key!r}"
        assert key in vars(m.Category).values(), f"Category constant of {key!r}"
    for key, title in texts["namespaces"].items():
        assert m._NAMESPACES[key][0] == title, f"namespace {key!r}"
        assert key in vars(m.Namespace).values(), f"Namespace constant of {key!r}"
    for code, row in texts["retired"].items():
        assert list(m._RETIRED[code]) == row, f"retired {code!r}"
    print(f"{v['pyPackage']}: {checked} vectors agree with the Rust reference")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
