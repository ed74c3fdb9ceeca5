// node --test examples/postgres/ts/
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { ALL_CODES, CATEGORIES, ERRORS, ErrorCode, NAMESPACES, WIRE, createError, lookup, parseWireError } from "../generated/ts/index.js";
import { classes, condition, inTransaction } from "./consumer.mjs";
import { loadWireValidator } from "../../ts-support.mjs";

// The resolved catalogue, written by another emitter (the JSON Schema target).
const registry = JSON.parse(readFileSync(new URL("../generated/schema/registry.json", import.meta.url), "utf8"));

test("SQLSTATE 22012 is DIVISION_BY_ZERO in class 22", () => {
  assert.equal(ErrorCode.DIVISION_BY_ZERO, "22012");
  const c = condition("22012");
  assert.deepEqual(c, {
    sqlstate: "22012",
    name: "DIVISION_BY_ZERO",
    exact: true,
    classKey: "CLASS_22",
    classTitle: "Data Exception",
    category: "invalid",
    retryable: false,
  });
});

test("codes are strings, in catalogue order, even the integer-like ones", () => {
  assert.equal(ALL_CODES[0], "00000");
  assert.deepEqual(ALL_CODES, registry.errors.map((e) => e.code));
  for (const code of ALL_CODES) assert.equal(typeof code, "string");
});

test("a shared SQLSTATE: the second macro name is an alias of the same code", () => {
  const pairs = registry.errors.filter((e) => e.aliases.length > 0).map((e) => [e.code, e.name, e.aliases]);
  assert.equal(pairs.length, 6);
  for (const [code, name, aliases] of pairs) {
    for (const alias of aliases) {
      assert.equal(lookup(alias)?.code, code, alias);
      assert.equal(condition(alias)?.name, name, alias);
    }
  }
  assert.equal(condition("ARRAY_ELEMENT_ERROR")?.sqlstate, "ARRAY_ELEMENT_ERROR");
  assert.equal(lookup("ARRAY_ELEMENT_ERROR")?.code, "2202E");
  assert.equal(lookup("2202E")?.name, "ARRAY_SUBSCRIPT_ERROR");
});

test("every class is a namespace; counts agree with the resolved catalogue", () => {
  const all = classes();
  assert.equal(all.length, 43);
  assert.equal(all.length, registry.namespaces.length);
  for (const c of all) {
    assert.equal(c.count, registry.errors.filter((e) => e.namespace === c.classKey).length, c.classKey);
    assert.ok(c.count > 0, c.classKey);
    const prefix = NAMESPACES[c.classKey].codePrefix;
    for (const code of ALL_CODES.filter((k) => ERRORS[k].namespace === c.classKey)) assert.ok(code.startsWith(prefix), code);
  }
  assert.equal(all.reduce((n, c) => n + c.count, 0), ALL_CODES.length);
});

test("S and W rows are categories of their own beside the errors", () => {
  assert.equal(condition("00000")?.category, "success");
  assert.equal(condition("01000")?.category, "warning");
  assert.equal(condition("02000")?.category, "warning");
  assert.ok(!CATEGORIES.success.retryable && !CATEGORIES.warning.retryable);
  for (const code of ALL_CODES) {
    const cls = code.slice(0, 2);
    if (cls === "00") assert.equal(ERRORS[code].category, "success", code);
    if (cls === "01" || cls === "02") assert.equal(ERRORS[code].category, "warning", code);
  }
});

test("an unknown SQLSTATE falls back to its class's generic code", () => {
  const c = condition("22ZZZ");
  assert.equal(c?.name, "DATA_EXCEPTION");
  assert.equal(c?.exact, false);
  assert.equal(condition("40ZZZ")?.name, "TRANSACTION_ROLLBACK");
  assert.equal(condition("QQ123"), null);
});

test("a driver error object parses as a wire error", () => {
  assert.deepEqual(WIRE, { code: "code", message: "message", category: "category", retryable: null, details: null, order: ["code", "message", "category", "retryable", "details"] });
  const e = parseWireError({ code: "23505", message: 'duplicate key value violates unique constraint "users_pkey"', severity: "ERROR" });
  assert.equal(e.kind, "known");
  assert.equal(e.code, "23505");
  assert.equal(e.category, "conflict");
  const wire = createError("DIVISION_BY_ZERO", {}).toWire();
  assert.deepEqual(wire, { code: "22012", message: "division by zero", category: "invalid" });
});

test("serialization failures and deadlocks rerun the transaction; other errors do not", async () => {
  for (const code of ["40001", "40P01"]) {
    const delays = [];
    let runs = 0;
    const err = await inTransaction(
      async () => {
        runs++;
        throw Object.assign(new Error("rollback"), { code });
      },
      { sleep: async (ms) => void delays.push(ms) },
    ).catch((e) => e);
    assert.equal(err.code, code);
    const retry = ERRORS[code].retry;
    assert.equal(runs, retry.maxAttempts, code);
    assert.deepEqual(delays, Array.from({ length: runs - 1 }, (_, i) => retry.initialBackoffMs * 2 ** i), code);
  }
  let runs = 0;
  await assert.rejects(
    inTransaction(async () => {
      runs++;
      throw Object.assign(new Error("unique"), { code: "23505" });
    }),
  );
  assert.equal(runs, 1);
});

test("payloads validate against the generated wire schema", async (t) => {
  const validate = await loadWireValidator(new URL("../generated/schema/wire-error.schema.json", import.meta.url));
  if (validate === null) return t.skip("ajv is not installed (bash .ci/steps/20-node.sh)");
  for (const code of ALL_CODES) {
    const wire = createError(code, {}).toWire();
    assert.ok(validate(wire), `${code}: ${JSON.stringify(validate.errors)}`);
  }
  assert.ok(!validate({ code: "22012", message: "x", category: "rollback" }), "a wrong category fails");
});
