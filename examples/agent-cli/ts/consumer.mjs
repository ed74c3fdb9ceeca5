// @ts-check
// The agentkit CLI / agent framework on top of its generated error module:
// - one error class per subsystem (`FormError`, `ConfigError`, ... — the class each
//   namespace names in its summary), all subclasses of the generated `AppError`;
// - command-line validation that reports the offending argument and the violated
//   constraint, printed in the compact terminal form, exiting with the code's exit code;
// - a JSON-RPC 2.0 dispatcher mapping failures to parse error -32700, invalid request
//   -32600, method not found -32601, invalid params -32602 and internal error -32603;
// - MCP tool-error results for failed tool calls.
//
// Run the demo: node examples/agent-cli/ts/demo.mjs

import { AppError, ERRORS, NAMESPACES } from "../generated/ts/index.js";

/** @typedef {import("../generated/ts/index.js").ErrorCode} ErrorCode */
/** @typedef {import("../generated/ts/index.js").Namespace} Namespace */
/** @typedef {import("../generated/ts/index.js").AppErrorOptions} AppErrorOptions */

/**
 * The error class of each subsystem, named as the namespace's summary says
 * ("...; error class `FormError`").
 * @type {Readonly<Record<Namespace, typeof AppError>>}
 */
export const ERROR_CLASSES = Object.freeze(
  /** @type {Record<Namespace, typeof AppError>} */ (
    Object.fromEntries(
      Object.values(NAMESPACES).map((ns) => {
        const name = /error class `(\w+)`/.exec(ns.summary ?? "")?.[1] ?? `${ns.key}Error`;
        // A named subclass per subsystem: `err instanceof ToolError`, `err.constructor.name`.
        const cls = { [name]: class extends AppError {} }[name];
        return [ns.key, cls];
      }),
    )
  ),
);

/**
 * Raises an error of `code` as an instance of its subsystem's class.
 * @template {ErrorCode} C
 * @param {C} code
 * @param {import("../generated/ts/index.js").ParamsOf<C>} params
 * @param {AppErrorOptions} [options]
 * @returns {AppError<C>}
 */
export function raise(code, params, options) {
  const ns = ERRORS[code].namespace;
  const Cls = ns === null ? AppError : ERROR_CLASSES[ns];
  return /** @type {AppError<C>} */ (new Cls(code, params, options));
}

/**
 * Parses `agentkit run --name NAME [--max-turns N]`.
 * @param {readonly string[]} argv
 * @returns {{ok: true, name: string, maxTurns: number} | {ok: false, error: AppError, exitCode: number, stderr: string}}
 */
export function parseRunArgs(argv) {
  /** @param {AppError} error */
  const fail = (error) => ({ ok: /** @type {const} */ (false), error, exitCode: error.info.exitCode, stderr: error.toString() });
  let name = "";
  let maxTurns = 20;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1] ?? "";
    if (arg === "--name") {
      name = value;
      i++;
    } else if (arg === "--max-turns") {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 100) {
        return fail(raise("X-FRM-003", { field: "--max-turns", min: 1, max: 100, value: Number.isFinite(n) ? n : 0 }, {
          argument: value,
          constraint: { type: "integer", minimum: 1, maximum: 100 },
        }));
      }
      maxTurns = n;
      i++;
    } else {
      return fail(raise("X-FRM-004", { flag: arg.replace(/^-+/, "") }, { argument: arg }));
    }
  }
  if (name === "") {
    return fail(raise("X-FRM-001", { field: "--name" }, { argument: "--name", constraint: { minLength: 1 } }));
  }
  return { ok: true, name, maxTurns };
}

/**
 * A JSON-RPC method: receives `params`, returns a result or throws (an `AppError` for
 * invalid params, anything else is an internal error).
 * @typedef {(params: unknown) => unknown} Method
 */

/**
 * Handles one JSON-RPC 2.0 request text; returns the response object.
 * @param {string} text
 * @param {Readonly<Record<string, Method>>} methods
 */
export function handleRpc(text, methods) {
  /** @type {unknown} */
  let req;
  try {
    req = JSON.parse(text);
  } catch (e) {
    return rpcError(null, raise("X-RPC-001", { offset: jsonErrorOffset(text, String(e)) }));
  }
  if (typeof req !== "object" || req === null || Array.isArray(req)) {
    return rpcError(null, raise("X-RPC-002", { reason: "the request is not a JSON object" }));
  }
  const r = /** @type {Record<string, unknown>} */ (req);
  const id = typeof r.id === "string" || typeof r.id === "number" ? r.id : null;
  if (r.jsonrpc !== "2.0" || typeof r.method !== "string") {
    return rpcError(id, raise("X-RPC-002", { reason: 'expected "jsonrpc": "2.0" and a string "method"' }));
  }
  const method = r.method;
  if (!Object.hasOwn(methods, method)) {
    return rpcError(id, raise("X-RPC-003", { method }, { argument: method }));
  }
  try {
    return { jsonrpc: "2.0", id, result: methods[method](r.params) };
  } catch (e) {
    if (e instanceof AppError && e.info.jsonrpcCode === -32602) {
      // The method rejected its params: report invalid params, keeping the cause's detail.
      return rpcError(id, raise("X-RPC-004", { method, reason: e.message }, { argument: e.argument, constraint: e.constraint }));
    }
    return rpcError(id, raise("X-RPC-005", { method }, { cause: e }));
  }
}

/**
 * The byte offset of a JSON syntax error, from V8's message: "at position N", "Unexpected
 * end of JSON input" (the end), or "Unexpected token 'x'" (the first `x` outside a string).
 * @param {string} text
 * @param {string} message
 */
export function jsonErrorOffset(text, message) {
  const pos = /position (\d+)/.exec(message);
  if (pos) return Number(pos[1]);
  if (/end of JSON input/.test(message)) return new TextEncoder().encode(text).length;
  const token = /Unexpected token '(.)'/u.exec(message)?.[1];
  let inString = false;
  for (let i = 0; token !== undefined && i < text.length; i++) {
    const c = text[i];
    if (inString && c === "\\") i++;
    else if (c === '"') inString = !inString;
    else if (!inString && c === token) return new TextEncoder().encode(text.slice(0, i)).length;
  }
  return 0;
}

/**
 * @param {string | number | null} id
 * @param {AppError} err
 */
function rpcError(id, err) {
  return { jsonrpc: "2.0", id, error: err.toJsonRpcError() };
}

/** Example methods of the agent server. */
export const METHODS = Object.freeze({
  /** @param {unknown} params */
  "agent/run": (params) => {
    const p = /** @type {{task?: unknown, max_turns?: unknown}} */ (params ?? {});
    if (typeof p.task !== "string" || p.task === "") {
      throw raise("X-FRM-001", { field: "task" }, { argument: "task", constraint: { type: "string", minLength: 1 } });
    }
    return { started: true, task: p.task };
  },
  "agent/crash": () => {
    throw new TypeError("cannot read properties of undefined");
  },
});

/**
 * A tool call that failed: the MCP `CallToolResult` the framework returns to the model.
 * @param {string} tool
 */
export function unknownToolResult(tool) {
  return raise("X-TOL-001", { tool }, { argument: tool }).toMcpToolResult();
}

/** The demo `node demo.mjs` prints (see the README). */
export function demo() {
  const bad = parseRunArgs(["--max-turns", "500"]);
  if (!bad.ok) console.log(`$ agentkit run --max-turns 500\n${bad.stderr}\n(exit ${bad.exitCode}, ${bad.error.constructor.name})\n`);
  const missing = parseRunArgs([]);
  if (!missing.ok) console.log(`$ agentkit run\n${missing.stderr}\n(exit ${missing.exitCode})\n`);
  for (const text of ['{"jsonrpc": "2.0", "id": 1, "method": "agent/run", "params": {', '{"jsonrpc": "2.0", "id": 2, "method": "agent/fly"}', '{"jsonrpc": "2.0", "id": 3, "method": "agent/run", "params": {}}', '{"jsonrpc": "2.0", "id": 4, "method": "agent/crash"}']) {
    console.log(`--> ${text}\n<-- ${JSON.stringify(handleRpc(text, METHODS))}`);
  }
  console.log("\nMCP:", JSON.stringify(unknownToolResult("web_serch")));
}
