// node --test examples/runtime/ts/
import { test } from "node:test";
import assert from "node:assert/strict";

import { ALL_CODES, CATEGORIES, ERRORS, NAMESPACES, WIRE, createError } from "../generated/ts/index.js";
import { codesBySubsystem, handle, unknownTool } from "./consumer.mjs";
import { exampleParams, loadMcpValidators, loadWireValidator } from "../../ts-support.mjs";

test("codes are snake_case and equal to their names", () => {
  assert.equal(ALL_CODES.length, 20);
  for (const code of ALL_CODES) {
    assert.match(code, /^[a-z][a-z0-9_]*$/);
    assert.equal(ERRORS[code].name, code);
  }
  assert.equal(ERRORS.unknown_tool.category, "not_found");
});

test("wire: exactly error, detail, category, then the extras flat beside them", () => {
  assert.deepEqual(WIRE, { code: "error", message: "detail", category: "category", retryable: null, details: null, order: ["code", "message", "category", "retryable", "details"] });
  for (const code of ALL_CODES) {
    const info = ERRORS[code];
    const params = exampleParams(info);
    const wire = createError(code, params, { argument: "arg", context: { session: "s-1" } }).toWire();
    const extras = [...info.params.map((p) => p.name), "argument", ...(info.suggestion === null ? [] : ["suggestion"]), "session"];
    assert.deepEqual(Object.keys(wire), ["error", "detail", "category", ...extras], code);
    assert.equal(wire.error, code);
    assert.equal(wire.category, info.category);
    for (const p of info.params) assert.equal(wire[p.name], params[p.name]);
  }
  assert.deepEqual(unknownTool("web_serch", "s-17").toWire(), {
    error: "unknown_tool",
    detail: "unknown tool web_serch",
    category: "not_found",
    tool: "web_serch",
    argument: "web_serch",
    suggestion: "List the available tools with `agentrt tools`.",
    session: "s-17",
  });
});

test("six categories; only `unavailable` is retryable; `config` exits 2", () => {
  assert.deepEqual(Object.keys(CATEGORIES), ["invalid", "not_found", "permission", "unavailable", "internal", "config"]);
  for (const [key, c] of Object.entries(CATEGORIES)) {
    assert.equal(c.retryable, key === "unavailable", key);
    assert.equal(c.exitCode, key === "config" ? 2 : 1, key);
  }
  for (const code of ALL_CODES) {
    const h = handle(createError(code, exampleParams(ERRORS[code])).toWire());
    assert.equal(h.code, code);
    assert.equal(h.retry, ERRORS[code].category === "unavailable", code);
    assert.equal(h.exitStatus, ERRORS[code].category === "config" ? 2 : 1, code);
    assert.equal(h.level, ERRORS[code].expected ? "WARN" : "ERROR", code);
    assert.equal(h.subsystem, ERRORS[code].namespace, code);
  }
});

test("codes are grouped by the subsystem that raises them", () => {
  const groups = codesBySubsystem();
  assert.deepEqual([...groups.keys()], [...Object.keys(NAMESPACES), "general"]);
  assert.deepEqual(groups.get("tools"), ["unknown_tool", "tool_arguments_invalid", "tool_disabled"]);
  assert.deepEqual(groups.get("general"), ["internal_error"]);
  assert.equal([...groups.values()].flat().length, ALL_CODES.length);
  for (const [ns, codes] of groups) for (const c of codes) assert.equal(ERRORS[c].namespace ?? "general", ns);
});

test("a newer runtime's code is classified by the category on the wire", () => {
  const config = handle({ error: "plugin_dir_missing", category: "config", detail: "no plugin dir" });
  assert.equal(config.exitStatus, 2);
  assert.equal(config.retry, false);
  const transient = handle({ error: "gpu_unavailable", category: "unavailable", detail: "no GPU left", pool: "a100" });
  assert.equal(transient.retry, true);
  assert.match(transient.line, /pool="a100"$/);
  const legacy = handle({ error: "something went wrong" });
  assert.deepEqual([legacy.code, legacy.retry, legacy.exitStatus], [null, false, 1]);
});

test("a mislabelled payload keeps the catalogue's classification", () => {
  const h = handle({ error: "config_missing", category: "unavailable", detail: "x", file: "a.toml" });
  assert.equal(h.retry, false);
  assert.equal(h.exitStatus, 2);
});

test("payloads validate against the generated wire schema and the MCP schema", async (t) => {
  const validate = await loadWireValidator(new URL("../generated/schema/wire-error.schema.json", import.meta.url));
  const mcp = await loadMcpValidators();
  if (validate === null || mcp === null) return t.skip("ajv is not installed (bash .ci/steps/20-node.sh)");
  for (const code of ALL_CODES) {
    const err = createError(code, exampleParams(ERRORS[code]));
    assert.ok(validate(err.toWire()), `${code}: ${JSON.stringify(validate.errors)}`);
    const other = ERRORS[code].category === "config" ? "invalid" : "config";
    assert.ok(!validate({ ...err.toWire(), category: other }), `${code}: a wrong category must fail`);
    for (const r of mcp) assert.ok(r.result(err.toMcpToolResult()), `${code} ${r.revision}`);
  }
});
