// Shared test vectors: the Rust reference renderings (codegen/src/payload.rs) against the
// generated TypeScript module and JSON Schemas.
//
// Run by `cargo test -p errdex-codegen --test ts_vectors`, which generates one module per
// catalogue and writes `<dir>/<case>/vectors.json`, then runs
//   ERRDEX_VECTORS_DIR=<dir> node --test tests/ts/
// Each vectors.json names the generated module and schemas and lists:
//   cases:       Rust wire / MCP / JSON-RPC renderings of every code, with what they mean;
//   foreign:     payloads of a newer catalogue (unknown codes), legacy payloads, garbage;
//   negative:    wire payloads the schema must reject (wrong category, mistyped param...).
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const require = createRequire(join(root, "tools", "node", "package.json"));
const dir = process.env.ERRDEX_VECTORS_DIR;

if (!dir) {
  test("vectors", { skip: "ERRDEX_VECTORS_DIR is not set (run through cargo test --test ts_vectors)" }, () => {});
} else {
  const { default: Ajv2020 } = require("ajv/dist/2020.js");
  const { default: addFormats } = require("ajv-formats");
  const read = (p) => JSON.parse(readFileSync(p, "utf8"));

  // Our schemas compile in ajv's strict mode; the official MCP schema uses annotations ajv
  // does not know, so it is compiled leniently.
  const strictAjv = () => addFormats(new Ajv2020({ strict: true, allErrors: true }));
  const mcpValidators = read(join(dir, "mcp-schemas.json")).map((p) => {
    const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
    ajv.addSchema(read(p), "mcp");
    const schema = read(p);
    return {
      name: p,
      // MCP 2026-07-28 requires `resultType`; every profile keeps it, but a result without one
      // (an older peer's) is checked against that rule below.
      requiresResultType: (schema.$defs?.CallToolResult?.required ?? []).includes("resultType"),
      result: ajv.getSchema("mcp#/$defs/CallToolResult"),
      rpc: ajv.getSchema("mcp#/$defs/JSONRPCErrorResponse"),
    };
  });

  const cases = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, "vectors.json")))
    .map((d) => d.name)
    .sort();

  test("there are vectors", () => assert.ok(cases.length > 0));

  for (const name of cases) {
    const v = read(join(dir, name, "vectors.json"));
    const m = await import(pathToFileURL(v.module).href);
    const ajv = strictAjv();
    const wireSchema = read(v.wireSchema);
    const validateWire = ajv.compile(wireSchema);
    const validateAny = ajv.getSchema("#/$defs/WireObject") ??
      strictAjv().compile({ ...wireSchema, oneOf: undefined, not: undefined, $ref: "#/$defs/WireObject" });
    const explain = (validate) => JSON.stringify(validate.errors, null, 1);
    // One `$defs` member of the wire schema as a validator of its own.
    const def = (name) => {
      const s = { ...wireSchema, $ref: `#/$defs/${name}` };
      delete s.oneOf;
      delete s.not;
      return strictAjv().compile(s);
    };
    const validateLegacy = def("LegacyWireError");
    const validateReceived = def("ReceivedWireError");

    // The vectors write absent values as null.
    const options = (c) => ({
      ...(c.argument !== null ? { argument: c.argument } : {}),
      ...(c.constraint !== null ? { constraint: c.constraint } : {}),
      ...(c.message !== null ? { message: c.message } : {}),
      ...(c.suggestion !== null ? { suggestion: c.suggestion } : {}),
      ...(c.expected !== null ? { expected: c.expected } : {}),
      ...(c.errorType !== null ? { errorType: c.errorType } : {}),
      context: c.context,
    });

    const same = (got, want, label) => {
      assert.equal(got.kind, want.kind, `${label}: kind (${JSON.stringify(got)})`);
      assert.equal(got.code, want.code, `${label}: code`);
      assert.equal(got.category, want.category, `${label}: category`);
      assert.equal(got.retryable, want.retryable, `${label}: retryable`);
      if (want.message !== undefined) assert.equal(got.message, want.message, `${label}: message`);
    };

    test(`${name}: the Rust renderings parse to the catalogue's classification`, () => {
      for (const c of v.cases) {
        const w = m.parseWireError(c.wire);
        same(w, c.expect, `${c.label} wire`);
        assert.deepEqual(w.problems, [], `${c.label}: conforming wire has no problems`);
        assert.ok(m.isWireError(c.wire), `${c.label}: isWireError`);
        assert.equal(m.isRetryable(c.wire), c.expect.retryable, `${c.label}: isRetryable(wire)`);
        assert.equal(m.isRetryable(w), c.expect.retryable, `${c.label}: isRetryable(parsed)`);
        assert.equal(m.isRetryable(c.expect.code), c.expect.retryable, `${c.label}: isRetryable(code)`);
        for (const [k, val] of Object.entries(c.params)) {
          assert.deepEqual(w.params[k], val, `${c.label}: param ${k}`);
        }
        if (c.argument !== null) assert.equal(w.argument, c.argument, `${c.label}: argument`);
        assert.deepEqual(w.context, c.wireContext, `${c.label}: context`);
        same(m.parseMcpToolResult(c.mcp), c.mcpExpect, `${c.label} mcp`);
        same(m.parseJsonRpcError(c.jsonrpc), c.jsonrpcExpect, `${c.label} jsonrpc`);
        same(
          m.parseJsonRpcError({ jsonrpc: "2.0", id: 1, error: c.jsonrpc }),
          c.jsonrpcExpect,
          `${c.label} jsonrpc response`,
        );
      }
    });

    test(`${name}: the TypeScript side renders what the Rust side renders`, () => {
      for (const c of v.cases) {
        const e = m.createError(c.expect.code, c.params, options(c));
        // Compared as text: the same members in the same order.
        assert.equal(JSON.stringify(e.toWire()), JSON.stringify(c.wire), `${c.label}: toWire`);
        assert.equal(JSON.stringify(e.toMcpToolResult()), JSON.stringify(c.mcp), `${c.label}: toMcpToolResult`);
        assert.equal(JSON.stringify(e.toJsonRpcError()), JSON.stringify(c.jsonrpc), `${c.label}: toJsonRpcError`);
        assert.equal(JSON.stringify(e.toProblemJson()), JSON.stringify(c.problem), `${c.label}: toProblemJson`);
        assert.equal(String(e), c.terminal, `${c.label}: terminal text`);
        // The tool response envelope: the same members in the same order, and `content`
        // the same bytes on both sides (compact, same key order, same escapes).
        const tool = e.toToolResponse(c.toolId);
        assert.equal(JSON.stringify(tool), JSON.stringify(c.toolResponse), `${c.label}: toToolResponse`);
        assert.deepEqual(Object.keys(tool), ["id", "content", "is_error"], `${c.label}: envelope members`);
        assert.equal(tool.content, c.toolResponse.content, `${c.label}: content bytes`);
        assert.equal(tool.content, JSON.stringify(c.wire), `${c.label}: content is the compact wire JSON`);
        assert.deepEqual(JSON.parse(tool.content), c.wire, `${c.label}: content parses back to the wire`);
        assert.equal(tool.is_error, true);
        assert.equal(tool.id, c.toolId);
        assert.equal(e.message, c.expect.message);
        assert.ok(e instanceof Error);
        // The error type, the classes, and the raise site's `expected`.
        assert.equal(e.name, c.name, `${c.label}: name is the error type`);
        assert.equal(e.errorType, c.name, `${c.label}: errorType`);
        assert.equal(m.ERRORS[c.expect.code].class, c.class, `${c.label}: ERRORS[code].class`);
        assert.equal(typeof m[c.class], "function", `${c.label}: class ${c.class} is exported`);
        assert.equal(e.constructor, m[c.class], `${c.label}: createError returns a ${c.class}`);
        assert.ok(e instanceof m[c.class] && e instanceof m[v.baseClass] && e instanceof m.AppError, `${c.label}: instanceof`);
        assert.equal(e.expected, c.expectedNow, `${c.label}: expected`);
        assert.equal(e.logLevel, c.logLevel, `${c.label}: logLevel`);
        // `new AppError(...)` renders the same; it is an AppError, named after the code's class.
        const plain = new m.AppError(c.expect.code, c.params, options(c));
        assert.ok(plain instanceof m.AppError);
        assert.equal(plain.name, c.name, `${c.label}: new AppError name`);
        assert.equal(JSON.stringify(plain.toMcpToolResult()), JSON.stringify(c.mcp), `${c.label}: new AppError MCP`);
        assert.equal(JSON.stringify(plain.toJsonRpcError()), JSON.stringify(c.jsonrpc), `${c.label}: new AppError JSON-RPC`);
      }
    });

    test(`${name}: the classes derive from the registry's base class, in first-use order`, () => {
      assert.equal(m.REGISTRY.class, v.baseClass);
      assert.ok(m[v.baseClass] === m.AppError || Object.getPrototypeOf(m[v.baseClass]) === m.AppError);
      for (const meta of v.meta) {
        const cls = m[meta.class];
        assert.equal(cls.name, meta.class);
        if (cls !== m[v.baseClass]) assert.equal(Object.getPrototypeOf(cls), m[v.baseClass], `${meta.class} extends ${v.baseClass}`);
      }
    });

    test(`${name}: both sides' payloads validate against the generated and MCP schemas`, () => {
      for (const c of v.cases) {
        assert.ok(validateWire(c.wire), `${c.label}: wire: ${explain(validateWire)}`);
        assert.ok(validateAny(c.wire), `${c.label}: WireObject: ${explain(validateAny)}`);
        assert.ok(validateReceived(c.wire), `${c.label}: ReceivedWireError: ${explain(validateReceived)}`);
        assert.equal(validateLegacy(c.wire), false, `${c.label}: LegacyWireError must reject a wire object`);
        if (v.jsonrpcData === "wire") assert.ok(validateWire(c.jsonrpc.data), `${c.label}: jsonrpc data`);
        else if (v.jsonrpcData === "omitted") assert.ok(!Object.hasOwn(c.jsonrpc, "data"), `${c.label}: no data`);
        const e = m.createError(c.expect.code, c.params, options(c));
        assert.ok(validateWire(e.toWire()), `${c.label}: TS wire: ${explain(validateWire)}`);
        for (const mcp of mcpValidators) {
          for (const [side, result, rpcError] of [
            ["rust", c.mcp, c.jsonrpc],
            ["ts", e.toMcpToolResult(), e.toJsonRpcError()],
          ]) {
            if (mcp.requiresResultType && !Object.hasOwn(result, "resultType")) {
              // A profile without `resultType` (the seed documents' results) predates this
              // revision: it is rejected for that member alone.
              assert.equal(mcp.result(result), false, `${c.label}: ${side} MCP result without resultType vs ${mcp.name}`);
              assert.deepEqual(
                mcp.result.errors.map((x) => x.params.missingProperty),
                ["resultType"],
                `${c.label}: ${side} MCP result vs ${mcp.name}: only resultType is missing: ${explain(mcp.result)}`,
              );
              assert.ok(
                mcp.result({ ...result, resultType: "complete" }),
                `${c.label}: ${side} MCP result + resultType vs ${mcp.name}: ${explain(mcp.result)}`,
              );
            } else {
              assert.ok(mcp.result(result), `${c.label}: ${side} MCP result vs ${mcp.name}: ${explain(mcp.result)}`);
            }
            const response = { jsonrpc: "2.0", id: 1, error: rpcError };
            assert.ok(mcp.rpc(response), `${c.label}: ${side} JSON-RPC error vs ${mcp.name}: ${explain(mcp.rpc)}`);
          }
        }
      }
    });

    test(`${name}: payloads of a newer catalogue, legacy payloads and garbage never throw`, () => {
      for (const f of v.foreign) {
        let got;
        assert.doesNotThrow(() => {
          got = m.parseWireError(f.wire);
        }, f.label);
        same(got, f.expect, f.label);
        assert.equal(m.isWireError(f.wire), false, `${f.label}: not a live wire error`);
        if (f.expect.kind === "unknown") {
          assert.ok(validateAny(f.wire), `${f.label}: WireObject accepts it: ${explain(validateAny)}`);
          assert.equal(validateWire(f.wire), false, `${f.label}: the strict schema rejects it`);
        }
        // The schema's LegacyWireError states the same rule as the parsers. (Not for a
        // `__proto__` code key: ajv reads it through the prototype and finds it present;
        // schema_wire.rs checks those catalogues with the jsonschema crate.)
        const ajvSeesProto = m.WIRE.code === "__proto__";
        if (!ajvSeesProto) assert.equal(
          validateLegacy(f.wire),
          f.expect.kind === "legacy",
          `${f.label}: LegacyWireError iff legacy: ${explain(validateLegacy)}`,
        );
        if (f.expect.kind === "unknown" || (f.expect.kind === "legacy" && !ajvSeesProto)) {
          assert.ok(validateReceived(f.wire), `${f.label}: ReceivedWireError: ${explain(validateReceived)}`);
        }
        if (f.expect.kind === "invalid") {
          assert.equal(validateReceived(f.wire), false, `${f.label}: ReceivedWireError rejects garbage`);
        }
      }
      for (const junk of [null, undefined, 0, "", "text", [], [1], true, { [m.WIRE.code]: 7 }, Object.create(null)]) {
        assert.doesNotThrow(() => m.parseWireError(junk));
        assert.doesNotThrow(() => m.parseMcpToolResult(junk));
        assert.doesNotThrow(() => m.parseJsonRpcError(junk));
        assert.equal(m.isRetryable(junk), false);
      }
      const hostile = new Proxy({}, { get() { throw new Error("boom"); }, ownKeys() { throw new Error("boom"); } });
      assert.equal(m.parseWireError(hostile).kind, "invalid");
    });

    test(`${name}: the HTTP responses are the reference's, byte for byte`, () => {
      for (const c of v.cases) {
        const e = m.createError(c.expect.code, c.params, options(c));
        const r = e.toHttpResponse();
        assert.equal(r.status, c.http.status, `${c.label}: HTTP status`);
        assert.deepEqual(r.headers, c.http.headers, `${c.label}: HTTP headers, in order`);
        assert.equal(r.body, c.http.body, `${c.label}: HTTP body bytes`);
        assert.equal(r.logLevel, c.http.logLevel, `${c.label}: HTTP log level`);
        // What we send, our reader reads back as the code we raised.
        const back = m.readHttpResponse(r.status, r.headers, r.body);
        assert.equal(back.kind, "known", `${c.label}: read back`);
        assert.equal(back.message, c.expect.message, `${c.label}: read back message`);
      }
    });

    // A reading as the vectors write it (absent values are null).
    const reading = (r) => ({ kind: r.kind, code: r.code, message: r.message, status: r.status, retryAfterMs: r.retryAfterMs });

    test(`${name}: the HTTP reader gives the reference's verdict for every reading`, () => {
      assert.ok(v.httpReadings.length > 0);
      for (const h of v.httpReadings) {
        assert.deepEqual(reading(m.readHttpResponse(h.status, h.headers, h.body)), h.expect, h.label);
        // The same bytes, as bytes, and the headers as a record.
        const bytes = new TextEncoder().encode(h.body);
        assert.deepEqual(reading(m.readHttpResponse(h.status, h.headers, bytes)), h.expect, `${h.label} (bytes)`);
        const record = {};
        for (const [k, val] of h.headers) if (!Object.hasOwn(record, k)) record[k] = val;
        if (Object.keys(record).length === h.headers.length) {
          assert.deepEqual(reading(m.readHttpResponse(h.status, record, h.body)), h.expect, `${h.label} (record)`);
        }
      }
    });

    test(`${name}: the HTTP reader agrees with the reference on seeded random responses`, () => {
      assert.ok(v.httpFuzz.length > 0);
      for (const h of v.httpFuzz) {
        let got;
        assert.doesNotThrow(() => {
          got = m.readHttpResponse(h.status, h.headers, h.body);
        }, h.label);
        assert.deepEqual(reading(got), h.expect, `${h.label}: ${JSON.stringify(h)}`);
      }
    });

    test(`${name}: the HTTP reader never throws on arbitrary input`, async () => {
      // A seeded generator (mulberry32): every run feeds the same inputs.
      let seed = 0x27;
      const rand = () => {
        seed = (seed + 0x6d2b79f5) | 0;
        let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
      };
      const pick = (xs) => xs[Math.floor(rand() * xs.length)];
      const text = () => {
        let s = "";
        for (let i = Math.floor(rand() * 40); i > 0; i--) {
          s += pick(["{", "}", "[", "]", '"', ":", ",", "error", "details", "@type", "code", "type", "status", "1", "\\ud800", "\ud800", "é", "\u0000", " ", "null", "1e999"]);
        }
        return s;
      };
      const hostile = new Proxy({}, { get() { throw new Error("boom"); }, ownKeys() { throw new Error("boom"); }, has() { throw new Error("boom"); } });
      const values = () => pick([
        null, undefined, 0, -1, NaN, 1e308, "", text(), [], [[1, 2]], [["Retry-After"]], [["Retry-After", 5]],
        { "Retry-After": ["1", "2"] }, { "retry-after": 3 }, new Map([["Retry-After", "4"]]), hostile,
        { [Symbol.iterator]() { throw new Error("boom"); } }, new Uint8Array([0xff, 0xfe, 0x7b]),
        new Uint8Array([0xef, 0xbb, 0xbf, 0x7b, 0x7d]), new ArrayBuffer(3), Object.create(null),
      ]);
      for (let i = 0; i < 2000; i++) {
        const args = [pick([0, 200, 429, 503, -1, 1e9, NaN, "429", null]), values(), rand() < 0.5 ? text() : values()];
        let got;
        assert.doesNotThrow(() => {
          got = m.readHttpResponse(...args);
        }, `input #${i}`);
        assert.ok(["known", "unknown", "retired", "legacy", "invalid"].includes(got.kind), `input #${i}: kind`);
        assert.ok(got.retryAfterMs === null || (Number.isFinite(got.retryAfterMs) && got.retryAfterMs >= 0), `input #${i}: delay`);
      }
      // A fetch Response, and things that only look like one, never reject.
      const res = new Response('{"error":"x"}', { status: 503, headers: { "Retry-After": "2" } });
      assert.deepEqual(reading(await m.readFetchResponse(res)), { kind: "legacy", code: null, message: "x", status: 503, retryAfterMs: 2000 });
      const broken = { status: 500, headers: hostile, arrayBuffer: () => Promise.reject(new Error("reset")) };
      assert.equal((await m.readFetchResponse(broken)).kind, "invalid");
    });

    test(`${name}: the wire schema rejects mismatched payloads`, () => {
      for (const n of v.negative) {
        assert.equal(validateWire(n.wire), false, `${n.label} must be rejected`);
        const parsed = m.parseWireError(n.wire);
        assert.equal(m.isWireError(n.wire), false, `${n.label}: isWireError`);
        if (parsed.kind === "known") assert.ok(parsed.problems.length > 0, `${n.label}: problems reported`);
      }
    });

    test(`${name}: metadata matches the catalogue`, () => {
      const codes = Object.values(m.ErrorCode);
      assert.deepEqual(codes, v.codes, "ErrorCode values in catalogue order");
      assert.deepEqual(m.ALL_CODES, v.codes, "ALL_CODES in catalogue order");
      assert.deepEqual(Object.keys(m.ERRORS).sort(), [...v.codes].sort(), "ERRORS has every code");
      for (const meta of v.meta) {
        const info = m.ERRORS[meta.code];
        for (const [k, want] of Object.entries(meta)) assert.deepEqual(info[k], want, `${meta.code}.${k}`);
        // Advice is kept on codes that are not retryable too (what to fix first).
        assert.deepEqual(m.retryAdvice(meta.code), meta.retry, `retryAdvice(${meta.code})`);
        assert.equal(m.lookup(meta.name), info, `lookup(${meta.name})`);
        for (const legacy of meta.legacyCodes) assert.equal(m.lookup(legacy), info);
        assert.ok(Object.isFrozen(info));
      }
      for (const r of v.retired) {
        assert.ok(Object.hasOwn(m.RETIRED, r), `RETIRED has ${r}`);
        assert.equal(m.lookup(r), undefined);
      }
      // Object.prototype members are never mistaken for codes.
      for (const k of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
        const owner = v.meta.find((x) => [x.code, x.name, ...x.aliases, ...x.legacyCodes].includes(k));
        assert.equal(m.lookup(k), owner ? m.ERRORS[owner.code] : undefined, `lookup(${k})`);
        assert.equal(m.isErrorCode(k), v.codes.includes(k), `isErrorCode(${k})`);
      }
    });
  }
}
