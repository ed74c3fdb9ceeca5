// node --test examples/runtime/ts/
// The document's facts and its own sample payloads (../shared/seeds/001_…, "Error format"),
// held against the generated module. Expected values are copied from the document.
import { test } from "node:test";
import assert from "node:assert/strict";

import { ALL_CODES, CATEGORIES, ERRORS, ErrorCode, NAMESPACES, WIRE, createError, parseWireError } from "../generated/ts/index.js";
import { dispatchTool, loadSpec, retryDecision } from "./consumer.mjs";
import { loadWireValidator } from "../../ts-support.mjs";

const schemaUrl = new URL("../generated/schema/wire-error.schema.json", import.meta.url);

/** The document's tables: code, subsystem, category (its OCaml constructor). */
const TABLE = [
  ["process_error", "tool_execution", "Unavailable"],
  ["validation_error", "tool_execution", "Invalid"],
  ["parse_error", "tool_execution", "Invalid"],
  ["tool_not_lowerable", "tool_dispatch", "Invalid"],
  ["tool_nesting_error", "tool_dispatch", "Invalid"],
  ["internal_error", "tool_dispatch", "Internal"],
  ["unknown_tool", "tool_dispatch", "Not_found"],
  ["tool_denied", "tool_dispatch", "Denied"],
  ["docstore_not_found", "builtins", "Not_found"],
  ["docstore_denied", "builtins", "Denied"],
  ["docstore_invalid", "builtins", "Invalid"],
  ["docstore_io_error", "builtins", "Unavailable"],
  ["pipeline_error", "pipeline_calls", "Unavailable"],
  ["load_error", "pipeline_calls", "Config"],
  ["mcp_disconnected", "mcp_client", "Unavailable"],
  ["mcp_call_error", "mcp_client", "Unavailable"],
  ["mcp_transport_error", "mcp_client", "Unavailable"],
  ["config_error", "configuration", "Config"],
  ["output_extraction_failed", "agent_loop", "Internal"],
  ["output_validation_failed", "agent_loop", "Invalid"],
  ["max_tokens", "agent_loop", "Unavailable"],
  ["api_error", "api_clients", "Unavailable"],
  ["claude_code_error", "api_clients", "Unavailable"],
];
/** The categories table: OCaml constructor → [wire value, exit code, retryable]. */
const CATS = {
  Config: ["config", 2, false],
  Invalid: ["invalid", 1, false],
  Not_found: ["not_found", 1, false],
  Denied: ["denied", 1, false],
  Internal: ["internal", 1, false],
  Unavailable: ["unavailable", 1, true],
};

const UNKNOWN_TOOL_SAMPLE = `{"error": "unknown_tool", "category": "not_found", "detail": "unknown tool: foo (not found in any MCP server)", "source": "foo"}`;
const ENVELOPE_SAMPLE = `{"id": "toolu_abc123", "content": "{\\"error\\":\\"unknown_tool\\",\\"category\\":\\"not_found\\",\\"detail\\":\\"unknown tool: foo\\"}", "is_error": true}`;
const LEGACY_SAMPLE = `{"error": "human message"}`;

/** The document's JSON as compact text: JSON.stringify keeps its member order. */
const compact = (doc) => JSON.stringify(JSON.parse(doc));

test("every code, subsystem and category as the document states", () => {
  assert.deepEqual([...ALL_CODES], TABLE.map((r) => r[0]), "23 codes in document order");
  assert.equal(Object.keys(NAMESPACES).length, 8);
  assert.deepEqual(Object.keys(CATEGORIES), Object.values(CATS).map((c) => c[0]));
  for (const [code, ns, cat] of TABLE) {
    const [wire, exit, retry] = CATS[cat];
    const info = ERRORS[code];
    assert.equal(info.namespace, ns, code);
    assert.equal(info.category, wire, code);
    assert.equal(info.exitCode, exit, code);
    assert.equal(info.retryable, retry, code);
  }
  assert.deepEqual(WIRE.order.slice(0, 3), ["code", "category", "message"]);
});

test("vector: the unknown_tool payload with `source`, byte for byte", async (t) => {
  const err = createError(ErrorCode.UNKNOWN_TOOL, {}, { message: "unknown tool: foo (not found in any MCP server)", context: { source: "foo" } });
  assert.equal(JSON.stringify(err.toWire()), compact(UNKNOWN_TOOL_SAMPLE));
  const parsed = parseWireError(JSON.parse(UNKNOWN_TOOL_SAMPLE));
  assert.equal(parsed.kind, "known");
  assert.equal(dispatchTool("toolu_1", "foo", { tools: [], declinedByOperator: [] }).content, compact(UNKNOWN_TOOL_SAMPLE));
  const validate = await loadWireValidator(schemaUrl);
  if (validate === null) return t.skip("ajv is not installed (bash .ci/steps/20-node.sh)");
  assert.ok(validate(JSON.parse(UNKNOWN_TOOL_SAMPLE)), JSON.stringify(validate.errors));
});

test("vector: the tool response envelope, byte for byte", async (t) => {
  const env = createError(ErrorCode.UNKNOWN_TOOL, {}, { message: "unknown tool: foo" }).toToolResponse("toolu_abc123");
  assert.equal(JSON.stringify(env), compact(ENVELOPE_SAMPLE));
  const validate = await loadWireValidator(schemaUrl);
  if (validate === null) return t.skip("ajv is not installed (bash .ci/steps/20-node.sh)");
  assert.ok(validate(JSON.parse(JSON.parse(ENVELOPE_SAMPLE).content)), JSON.stringify(validate.errors));
});

test("vector: the earlier flat format is legacy, never retried", async (t) => {
  const sample = JSON.parse(LEGACY_SAMPLE);
  const parsed = parseWireError(sample);
  assert.equal(parsed.kind, "legacy");
  assert.equal(parsed.message, "human message");
  assert.deepEqual(retryDecision(sample), { retry: false, code: "", detail: "human message" });
  const validate = await loadWireValidator(schemaUrl);
  if (validate === null) return t.skip("ajv is not installed (bash .ci/steps/20-node.sh)");
  assert.ok(!validate(sample), "not a current payload");
  for (const def of ["LegacyWireError", "ReceivedWireError"]) {
    const v = await loadWireValidator(schemaUrl, def);
    assert.ok(v !== null && v(sample), def);
  }
});

test("only `unavailable` retries; config_error exits 2", () => {
  assert.deepEqual(retryDecision({ error: "mcp_disconnected", category: "unavailable", detail: "dead" }), { retry: true, code: "mcp_disconnected" });
  assert.equal(retryDecision({ error: "gpu_lost", category: "unavailable", detail: "gone" }).retry, true, "a newer runtime's code");
  assert.equal(retryDecision({ error: "tool_denied", category: "denied", detail: "declined" }).retry, false);
  const r = loadSpec("agent.plumb", "\n");
  assert.equal(r.ok, false);
  assert.equal(r.exitCode, 2);
  assert.deepEqual(loadSpec("agent.plumb", "bind x"), { ok: true, bindings: 1 });
});

test("the same wire bytes as the Rust crate for every code", async (t) => {
  const validate = await loadWireValidator(schemaUrl);
  for (const code of ALL_CODES) {
    const wire = createError(code, {}, { context: { source: "x" } }).toWire();
    assert.deepEqual(Object.keys(wire), ["error", "category", "detail", "source"], code);
    if (validate !== null) assert.ok(validate(wire), `${code}: ${JSON.stringify(validate.errors)}`);
  }
  if (validate === null) t.skip("ajv is not installed (bash .ci/steps/20-node.sh)");
});
