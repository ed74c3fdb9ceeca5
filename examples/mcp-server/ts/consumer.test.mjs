// node --test examples/mcp-server/ts/
import { test } from "node:test";
import assert from "node:assert/strict";

import { ALL_CODES, CATEGORIES, ERRORS, WIRE, createError } from "../generated/ts/index.js";
import { callWithRetry, classifyToolResult, decide, notebookNotFound, ToolCallFailed } from "./consumer.mjs";
import { exampleParams, loadMcpValidators, loadWireValidator } from "../../ts-support.mjs";

/** A failing call that records the delays the retry loop waited. */
function failing(payload, { succeedOnCall = Infinity } = {}) {
  const state = { calls: 0, delays: [] };
  const call = async () => (++state.calls >= succeedOnCall ? { ok: true, value: "done" } : { ok: false, error: payload });
  const sleep = async (ms) => {
    state.delays.push(ms);
  };
  return { state, call, sleep };
}

test("wire shape: {error: message, code, retryable, details: {...}} and nothing else", () => {
  assert.deepEqual(WIRE, { code: "code", message: "error", category: null, retryable: "retryable", details: "details", order: ["code", "message", "category", "retryable", "details"] });
  for (const code of ALL_CODES) {
    const err = createError(code, exampleParams(ERRORS[code]), { argument: "x", context: { tool: "edit_cell" } });
    const wire = err.toWire();
    assert.deepEqual(Object.keys(wire).sort(), ["code", "details", "error", "retryable"], code);
    assert.equal(wire.code, code);
    assert.equal(wire.error, err.message);
    assert.equal(wire.retryable, ERRORS[code].retryable);
    for (const p of ERRORS[code].params) assert.equal(wire.details[p.name], exampleParams(ERRORS[code])[p.name]);
    assert.equal(wire.details.argument, "x");
    assert.equal(wire.details.tool, "edit_cell");
  }
});

test("retryability is per code and differs from the category where the catalogue says so", () => {
  assert.equal(ERRORS.NOT_FOUND.category, "invalid");
  assert.equal(CATEGORIES.invalid.retryable, false);
  assert.equal(ERRORS.NOT_FOUND.retryable, true);
  assert.equal(ERRORS.VALIDATION_ERROR.retryable, false);
  assert.equal(ERRORS.PERMISSION_DENIED.retryable, false);
  assert.equal(CATEGORIES.internal.retryable, false);
  assert.equal(ERRORS.INTERNAL_ERROR.retryable, true);
});

test("the first failure is retried exactly when the code is retryable", () => {
  for (const code of ALL_CODES) {
    const wire = createError(code, exampleParams(ERRORS[code])).toWire();
    const d = decide(wire, 1);
    assert.equal(d.retry, ERRORS[code].retryable, code);
    assert.equal(d.code, code);
    assert.equal(d.delayMs, d.retry ? (ERRORS[code].retry?.initialBackoffMs ?? 250) : 0, code);
  }
});

test("attempts and backoff follow each code's retry advice", async () => {
  for (const code of ALL_CODES) {
    const info = ERRORS[code];
    const { state, call, sleep } = failing(createError(code, exampleParams(info)).toWire());
    await assert.rejects(callWithRetry(call, { sleep }), ToolCallFailed);
    const max = info.retryable ? (info.retry?.maxAttempts ?? 2) : 1;
    assert.equal(state.calls, max, `${code}: attempts`);
    const first = info.retry?.initialBackoffMs ?? 250;
    assert.deepEqual(
      state.delays,
      Array.from({ length: max - 1 }, (_, i) => first * 2 ** i),
      `${code}: delays`,
    );
  }
});

test("a NOT_FOUND that clears up succeeds on the third call", async () => {
  const { state, call, sleep } = failing(notebookNotFound("nb-1").toWire(), { succeedOnCall: 3 });
  assert.equal(await callWithRetry(call, { sleep }), "done");
  assert.deepEqual(state.delays, [1000, 2000]);
});

test("a VALIDATION_ERROR is never retried and keeps its message", async () => {
  const wire = createError("VALIDATION_ERROR", { field: "cell", reason: "must be an integer" }).toWire();
  const { state, call, sleep } = failing(wire);
  const err = await callWithRetry(call, { sleep }).catch((e) => e);
  assert.ok(err instanceof ToolCallFailed);
  assert.equal(state.calls, 1);
  assert.equal(err.decision.message, "cell: must be an integer");
  assert.match(err.message, /^VALIDATION_ERROR: cell: must be an integer/);
});

test("legacy {error: 'text'} payloads from older servers: surfaced, not retried", async () => {
  const d = decide({ error: "Notebook not found" }, 1);
  assert.deepEqual(d, { retry: false, delayMs: 0, reason: "legacy error payload: not retried", message: "Notebook not found", code: null });
  const { state, call, sleep } = failing({ error: "database is locked" });
  const err = await callWithRetry(call, { sleep }).catch((e) => e);
  assert.equal(state.calls, 1);
  assert.match(err.message, /^legacy: database is locked/);
  assert.equal(decide("not an object", 1).retry, false);
  assert.equal(decide({ unrelated: true }, 1).retry, false);
});

test("a code from a newer server is classified by its wire flag", () => {
  const newer = { code: "QUOTA_EXCEEDED", error: "quota exceeded", retryable: true, details: {} };
  assert.equal(decide(newer, 1).retry, true);
  assert.equal(decide(newer, 2).retry, false, "one retry without advice");
  assert.equal(decide({ ...newer, retryable: false }, 1).retry, false);
});

test("MCP tool results carry the code and retryability in _meta", () => {
  const result = notebookNotFound("nb-7").toMcpToolResult();
  assert.equal(result.isError, true);
  assert.equal(result.content[0].type, "text");
  assert.equal(result.content[0].text.split("\n")[0], "NOT_FOUND: notebook nb-7 not found");
  assert.equal(result._meta["dev.example/retryable"], true);
  assert.deepEqual(classifyToolResult(result), { kind: "known", code: "NOT_FOUND", retryable: true });
});

test("every payload validates against the generated wire schema", async (t) => {
  const validate = await loadWireValidator(new URL("../generated/schema/wire-error.schema.json", import.meta.url));
  if (validate === null) return t.skip("ajv is not installed (bash .ci/steps/20-node.sh)");
  for (const code of ALL_CODES) {
    const wire = createError(code, exampleParams(ERRORS[code])).toWire();
    assert.ok(validate(wire), `${code}: ${JSON.stringify(validate.errors)}`);
    assert.ok(!validate({ ...wire, retryable: !wire.retryable }), `${code}: a flipped retryable flag must fail`);
  }
});

test("tool results and JSON-RPC errors validate against the official MCP schema", async (t) => {
  const revisions = await loadMcpValidators();
  if (revisions === null) return t.skip("ajv is not installed (bash .ci/steps/20-node.sh)");
  for (const code of ALL_CODES) {
    const err = createError(code, exampleParams(ERRORS[code]));
    const response = { jsonrpc: "2.0", id: 1, error: err.toJsonRpcError() };
    for (const r of revisions) {
      assert.ok(r.result(err.toMcpToolResult()), `${code} ${r.revision}: ${JSON.stringify(r.result.errors)}`);
      assert.ok(r.rpc(response), `${code} ${r.revision}: ${JSON.stringify(r.rpc.errors)}`);
    }
  }
});
