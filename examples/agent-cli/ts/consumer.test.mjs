// node --test examples/agent-cli/ts/
import { test } from "node:test";
import assert from "node:assert/strict";

import { ALL_CODES, AppError, ERRORS, ErrorCode, NAMESPACES, parseJsonRpcError, parseMcpToolResult } from "../generated/ts/index.js";
import { ERROR_CLASSES, METHODS, handleRpc, parseRunArgs, raise, unknownToolResult } from "./consumer.mjs";
import { exampleParams, loadMcpValidators } from "../../ts-support.mjs";

test("namespaced codes X-FRM-001 with FRM_VALIDATION names, ten subsystems", () => {
  assert.equal(ErrorCode.FRM_VALIDATION, "X-FRM-001");
  assert.equal(ERRORS["X-FRM-001"].name, "FRM_VALIDATION");
  assert.equal(Object.keys(NAMESPACES).length, 10);
  for (const code of ALL_CODES) {
    const info = ERRORS[code];
    assert.match(code, /^X-[A-Z]{3}-[0-9]{3}$/);
    assert.ok(info.namespace !== null && code.startsWith(`X-${info.namespace}-`), code);
    assert.ok(info.name.startsWith(`${info.namespace}_`), code);
  }
});

test("one error class per subsystem, each a subclass of AppError", () => {
  const names = Object.values(ERROR_CLASSES).map((c) => c.name);
  assert.equal(new Set(names).size, 10);
  assert.equal(ERROR_CLASSES.FRM.name, "FormError");
  assert.equal(ERROR_CLASSES.TOL.name, "ToolError");
  for (const code of ALL_CODES) {
    const err = raise(code, exampleParams(ERRORS[code]));
    const own = ERROR_CLASSES[ERRORS[code].namespace];
    assert.ok(err instanceof own && err instanceof AppError && err instanceof Error, code);
    for (const [ns, cls] of Object.entries(ERROR_CLASSES)) {
      if (ns !== ERRORS[code].namespace) assert.ok(!(err instanceof cls), `${code} is not a ${cls.name}`);
    }
  }
});

test("terminal output: code, argument, message, constraint and hint", () => {
  const r = parseRunArgs([]);
  assert.equal(r.ok, false);
  assert.equal(
    r.stderr,
    "X-FRM-001 `--name`: --name is required\n  constraint: {\"minLength\":1}\n  hint: Provide a non-empty value for `--name`.",
  );
  assert.equal(r.exitCode, 2);
  const range = parseRunArgs(["--name", "x", "--max-turns", "500"]);
  assert.equal(
    range.stderr,
    "X-FRM-003 `500`: --max-turns must be between 1 and 100, got 500\n  constraint: {\"type\":\"integer\",\"minimum\":1,\"maximum\":100}",
  );
  assert.equal(range.error.constructor.name, "FormError");
  const flag = parseRunArgs(["--verbose"]);
  assert.equal(flag.stderr, "X-FRM-004 `--verbose`: unknown flag --verbose\n  hint: Run `agentkit --help` for the list of flags.");
  assert.deepEqual(parseRunArgs(["--name", "demo", "--max-turns", "5"]), { ok: true, name: "demo", maxTurns: 5 });
});

test("exit codes come from the categories (sysexits-style)", () => {
  const expected = { invalid: 2, not_found: 1, permission: 77, unavailable: 69, timeout: 124, internal: 70, config: 78 };
  for (const code of ALL_CODES) {
    assert.equal(raise(code, exampleParams(ERRORS[code])).info.exitCode, expected[ERRORS[code].category], code);
  }
});

const rpc = (text) => handleRpc(text, METHODS);

test("JSON-RPC: -32700 parse error, -32600, -32601, -32602, -32603", () => {
  const cases = [
    ['{"jsonrpc": "2.0", "id": 1, "method": "agent/run", "params": {', -32700, "X-RPC-001", null],
    ["[1, 2]", -32600, "X-RPC-002", null],
    ['{"jsonrpc": "1.0", "id": 2, "method": "agent/run"}', -32600, "X-RPC-002", 2],
    ['{"jsonrpc": "2.0", "id": 3, "method": "agent/fly"}', -32601, "X-RPC-003", 3],
    ['{"jsonrpc": "2.0", "id": "a", "method": "agent/run", "params": {"task": ""}}', -32602, "X-RPC-004", "a"],
    ['{"jsonrpc": "2.0", "id": 5, "method": "agent/crash"}', -32603, "X-RPC-005", 5],
  ];
  for (const [text, jsonrpcCode, code, id] of cases) {
    const res = rpc(text);
    assert.deepEqual(Object.keys(res), ["jsonrpc", "id", "error"], text);
    assert.equal(res.id, id, text);
    assert.equal(res.error.code, jsonrpcCode, text);
    assert.equal(res.error.data.error, code, text);
    assert.equal(res.error.message, res.error.data.detail, text);
    const parsed = parseJsonRpcError(res);
    assert.equal(parsed.kind, "known");
    assert.equal(parsed.code, code);
  }
  const truncated = '{"jsonrpc":"2.0","id":1,"method":"agent/run","params":{';
  assert.equal(rpc(truncated).error.data.offset, truncated.length, "the input ends too early");
  assert.equal(rpc('{"jsonrpc": x}').error.data.offset, 12, "offset of the bad token");
  const invalid = rpc('{"jsonrpc": "2.0", "id": 9, "method": "agent/run", "params": {}}');
  assert.equal(invalid.error.data.argument, "task");
  assert.deepEqual(invalid.error.data.constraint, { type: "string", minLength: 1 });
  assert.deepEqual(rpc('{"jsonrpc": "2.0", "id": 7, "method": "agent/run", "params": {"task": "t"}}'), {
    jsonrpc: "2.0",
    id: 7,
    result: { started: true, task: "t" },
  });
});

test("MCP tool-error results: text, isError, classification in _meta", () => {
  const result = unknownToolResult("web_serch");
  assert.deepEqual(result.content, [{ type: "text", text: "X-TOL-001 `web_serch`: no tool named web_serch" }]);
  assert.equal(result.isError, true);
  assert.equal(result._meta["dev.agentkit/code"], "X-TOL-001");
  assert.equal(result._meta["dev.agentkit/argument"], "web_serch");
  assert.equal(result._meta["dev.agentkit/docs_url"], "https://agentkit.example/reference/errors/tol.html#x-tol-001");
  const parsed = parseMcpToolResult(result);
  assert.equal(parsed.kind, "known");
  assert.equal(parsed.code, "X-TOL-001");
  assert.equal(parsed.message, "no tool named web_serch");
});

test("results and responses validate against the official MCP schema", async (t) => {
  const revisions = await loadMcpValidators();
  if (revisions === null) return t.skip("ajv is not installed (bash .ci/steps/20-node.sh)");
  const responses = ['{"a":', '{"jsonrpc": "2.0", "id": 3, "method": "agent/fly"}', '{"jsonrpc": "2.0", "id": 4, "method": "agent/crash"}'].map(rpc);
  for (const r of revisions) {
    for (const code of ALL_CODES) {
      const err = raise(code, exampleParams(ERRORS[code]), { argument: "a", constraint: { max: 1 } });
      assert.ok(r.result(err.toMcpToolResult()), `${code} ${r.revision}: ${JSON.stringify(r.result.errors)}`);
    }
    // A parse error has no id: MCP's schema allows an error response without one.
    for (const res of responses) {
      const body = res.id === null ? { jsonrpc: res.jsonrpc, error: res.error } : res;
      assert.ok(r.rpc(body), `${JSON.stringify(res)} ${r.revision}: ${JSON.stringify(r.rpc.errors)}`);
    }
  }
});
