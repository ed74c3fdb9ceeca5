// node --test examples/mcp-server/ts/
// The document's facts and its own sample payloads (../shared/seeds/003_…, "Structured Error
// Responses (v2.0.0)"), held against the generated module. Expected values are copied from
// the document.
import { test } from "node:test";
import assert from "node:assert/strict";

import { ALL_CODES, ERRORS, ErrorCode, createError, parseWireError } from "../generated/ts/index.js";
import { callTool, decide } from "./consumer.mjs";
import { loadMcpValidators, loadWireValidator } from "../../ts-support.mjs";

const schemaUrl = new URL("../generated/schema/wire-error.schema.json", import.meta.url);

const TABLE = [
  ["VALIDATION_ERROR", "INVALID", false],
  ["NOT_FOUND", "MISSING", true],
  ["PERMISSION_DENIED", "FORBIDDEN", false],
  ["PRECONDITION_FAILED", "STATE", true],
  ["CONFLICT", "DUPLICATE", false],
  ["INTERNAL_ERROR", "INTERNAL", true],
];

const VALIDATION_SAMPLE = `{
  "error": "Human-readable error message",
  "code": "VALIDATION_ERROR",
  "retryable": false,
  "details": {
    "field": "title",
    "provided": "",
    "suggestion": "Provide a non-empty title"
  }
}`;
const LEGACY_SAMPLE = `{ "error": "..." }`;
/** The sample as compact text: JSON.stringify keeps its member order. */
const compact = (doc) => JSON.stringify(JSON.parse(doc));

test("every code, category and retryability as the document states", () => {
  assert.deepEqual(ALL_CODES.map((c) => [c, ERRORS[c].category, ERRORS[c].retryable]), TABLE);
});

test("vector: the VALIDATION_ERROR payload, byte for byte", async (t) => {
  const err = createError(ErrorCode.VALIDATION_ERROR, { field: "title", provided: "" }, { message: "Human-readable error message", suggestion: "Provide a non-empty title" });
  assert.equal(JSON.stringify(err.toWire()), compact(VALIDATION_SAMPLE));
  const parsed = parseWireError(JSON.parse(VALIDATION_SAMPLE));
  assert.equal(parsed.kind, "known");
  const result = err.toMcpToolResult();
  assert.equal(result.content[0].text, compact(VALIDATION_SAMPLE), "the MCP result's text is the payload");
  const validate = await loadWireValidator(schemaUrl);
  const mcp = await loadMcpValidators();
  if (validate === null || mcp === null) return t.skip("ajv is not installed (bash .ci/steps/20-node.sh)");
  assert.ok(validate(JSON.parse(VALIDATION_SAMPLE)), JSON.stringify(validate.errors));
  for (const m of mcp) assert.ok(m.result?.(result), `${m.revision}: ${JSON.stringify(m.result?.errors)}`);
});

test("vector: a legacy payload without code", async (t) => {
  const sample = JSON.parse(LEGACY_SAMPLE);
  assert.equal(parseWireError(sample).kind, "legacy");
  assert.deepEqual(decide(sample), { action: "legacy", message: "..." });
  const validate = await loadWireValidator(schemaUrl);
  if (validate === null) return t.skip("ajv is not installed (bash .ci/steps/20-node.sh)");
  assert.ok(!validate(sample));
  for (const def of ["LegacyWireError", "ReceivedWireError"]) {
    const v = await loadWireValidator(schemaUrl, def);
    assert.ok(v !== null && v(sample), def);
  }
});

test("the retry strategy, per code", () => {
  assert.equal(ERRORS.NOT_FOUND.retry?.advice, "Verify the resource ID/path exists, then retry.");
  assert.equal(ERRORS.PRECONDITION_FAILED.retry?.advice, "Check the current state (issue status, phase), adjust, then retry.");
  assert.equal(ERRORS.INTERNAL_ERROR.retry?.advice, "Wait briefly, then retry once.");
  assert.equal(ERRORS.INTERNAL_ERROR.retry?.maxAttempts, 2);
  for (const c of ["VALIDATION_ERROR", "PERMISSION_DENIED", "CONFLICT"]) {
    assert.equal(ERRORS[c].retry?.advice, "Fix the root cause; don't blindly retry.", c);
  }
});

test("tool calls and client decisions", async () => {
  const validate = await loadWireValidator(schemaUrl);
  const mcp = await loadMcpValidators();
  const cases = [
    ["create_issue", { title: "" }, "VALIDATION_ERROR", "fix"],
    ["set_phase", { issue_id: 7, phase: "ship" }, "VALIDATION_ERROR", "fix"],
    ["set_phase", { issue_id: 9, phase: "review" }, "NOT_FOUND", "retry"],
    ["set_phase", { issue_id: 7, phase: "design" }, "PRECONDITION_FAILED", "retry"],
    ["create_issue", { title: "Fix login" }, "CONFLICT", "fix"],
    ["delete_project", { project_id: 2 }, "PERMISSION_DENIED", "fix"],
    ["crash", {}, "INTERNAL_ERROR", "retry"],
  ];
  for (const [tool, args, code, action] of cases) {
    const r = callTool(tool, args);
    const payload = JSON.parse(r.content[0].text);
    assert.equal(payload.code, code);
    assert.equal(decide(payload).action, action, code);
    if (validate !== null) assert.ok(validate(payload), JSON.stringify(validate.errors));
    for (const m of mcp ?? []) assert.ok(m.result?.(r), `${m.revision}: ${JSON.stringify(m.result?.errors)}`);
  }
  const phase = JSON.parse(callTool("set_phase", { issue_id: 7, phase: "ship" }).content[0].text);
  assert.deepEqual(phase.details, { field: "phase", provided: "ship", suggestion: "Provide a valid `phase`.", valid_phases: ["design", "build", "review"] });
  const state = JSON.parse(callTool("set_phase", { issue_id: 7, phase: "design" }).content[0].text);
  assert.deepEqual(state.details, { current_status: "build", requested_status: "design", valid_transitions: ["review"] }, "valid_transitions is a list param");
});
