// @ts-check
// An MCP client's retry loop for the notebook MCP server, driven only by the generated
// metadata: whether a failed tool call is retried, how often and after how long comes from
// `errors.yaml` (per code: NOT_FOUND retries, VALIDATION_ERROR does not), never from a
// hand-written table. Also the server side: a tool error built with `createError`.
//
// Run the demo: node examples/mcp-server/ts/demo.mjs

import {
  ERRORS,
  createError,
  isRetryable,
  parseMcpToolResult,
  parseWireError,
  retryAdvice,
} from "../generated/ts/index.js";

/**
 * What to do after a failed call.
 * @typedef {object} Decision
 * @property {boolean} retry       retry the same call?
 * @property {number} delayMs      wait this long first (0 when not retrying)
 * @property {string} reason       one line for the log
 * @property {string} message      the server's message (legacy payloads included)
 * @property {string | null} code  the code, `null` for a legacy `{error: "text"}` payload
 */

/** Default when the catalogue gives retry advice without a backoff. */
const DEFAULT_BACKOFF_MS = 250;

/**
 * Decides whether to retry after `attempt` failed attempts (1 = the first call failed).
 * `payload` is the wire object of a failed call, `{error, code, retryable, details}`, or a
 * legacy `{error: "text"}` object from an older server.
 * @param {unknown} payload
 * @param {number} attempt
 * @returns {Decision}
 */
export function decide(payload, attempt) {
  const parsed = parseWireError(payload);
  const code = parsed.kind === "legacy" || parsed.kind === "invalid" ? null : parsed.code;
  const message = parsed.message;
  if (parsed.kind === "legacy") {
    // An old server sends only text: nothing says the call is safe to repeat.
    return { retry: false, delayMs: 0, reason: "legacy error payload: not retried", message, code };
  }
  if (parsed.kind === "invalid") {
    return { retry: false, delayMs: 0, reason: `not an error payload (${parsed.reason})`, message, code };
  }
  if (!isRetryable(parsed)) {
    return { retry: false, delayMs: 0, reason: `${code} is not retryable`, message, code };
  }
  const advice = retryAdvice(parsed);
  // `maxAttempts` counts every attempt, the first included (errdex's catalogue schema).
  // A code this client does not know yet but flagged `retryable: true`: one careful retry.
  const maxAttempts = advice?.maxAttempts ?? 2;
  if (attempt >= maxAttempts) {
    return { retry: false, delayMs: 0, reason: `${code}: gave up after ${attempt} of ${maxAttempts} attempts`, message, code };
  }
  // The backoff doubles on each further retry (errdex's catalogue schema).
  const initial = advice?.initialBackoffMs ?? DEFAULT_BACKOFF_MS;
  const delayMs = initial * 2 ** (attempt - 1);
  const why = advice?.advice ? ` (${advice.advice})` : "";
  return { retry: true, delayMs, reason: `${code}: attempt ${attempt + 1} of ${maxAttempts} in ${delayMs} ms${why}`, message, code };
}

/** Raised by `callWithRetry` when the call fails for good. */
export class ToolCallFailed extends Error {
  /**
   * @param {Decision} decision
   * @param {number} attempts
   */
  constructor(decision, attempts) {
    super(`${decision.code ?? "legacy"}: ${decision.message} (${decision.reason}; ${attempts} attempt(s))`);
    this.decision = decision;
    this.attempts = attempts;
  }
}

/**
 * Calls `call` until it succeeds or the catalogue says to stop. `call` returns
 * `{ok: true, value}` or `{ok: false, error: <wire payload>}`.
 * @template T
 * @param {() => Promise<{ok: true, value: T} | {ok: false, error: unknown}>} call
 * @param {{ sleep?: (ms: number) => Promise<void>, log?: (line: string) => void }} [options]
 * @returns {Promise<T>}
 */
export async function callWithRetry(call, options = {}) {
  const sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  const log = options.log ?? (() => {});
  for (let attempt = 1; ; attempt++) {
    const result = await call();
    if (result.ok) return result.value;
    const d = decide(result.error, attempt);
    log(d.reason);
    if (!d.retry) throw new ToolCallFailed(d, attempt);
    await sleep(d.delayMs);
  }
}

/**
 * Server side: the MCP `CallToolResult` for a notebook that does not exist (yet).
 * @param {string} id
 */
export function notebookNotFound(id) {
  return createError("NOT_FOUND", { resource_type: "notebook", id }, { context: { tool: "read_notebook" } });
}

/**
 * The retry table an operator sees: one row per code, straight from the catalogue.
 * @returns {{code: string, retryable: boolean, maxAttempts: number | null, advice: string | null}[]}
 */
export function retryTable() {
  return Object.values(ERRORS).map((info) => ({
    code: info.code,
    retryable: info.retryable,
    maxAttempts: info.retry?.maxAttempts ?? null,
    advice: info.retry?.advice ?? null,
  }));
}

/**
 * The code and retryability a client reads back from an MCP tool result.
 * @param {unknown} result
 */
export function classifyToolResult(result) {
  const p = parseMcpToolResult(result);
  return { kind: p.kind, code: p.code, retryable: p.retryable };
}

/** The demo `node demo.mjs` prints (see the README). */
export async function demo() {
  const err = notebookNotFound("nb-42");
  console.log("wire payload:", JSON.stringify(err.toWire()));
  console.log("MCP result text:", JSON.stringify(err.toMcpToolResult().content[0].text));
  console.log("");
  for (const row of retryTable()) {
    console.log(`${row.code.padEnd(20)} retryable=${String(row.retryable).padEnd(5)} maxAttempts=${row.maxAttempts}`);
  }
  console.log("");
  let calls = 0;
  const value = await callWithRetry(
    async () => (++calls < 3 ? { ok: false, error: err.toWire() } : { ok: true, value: "notebook nb-42" }),
    { sleep: async () => {}, log: (l) => console.log("retry:", l) },
  );
  console.log(`got ${JSON.stringify(value)} after ${calls} calls`);
  const legacy = decide({ error: "Notebook not found" }, 1);
  console.log("legacy payload:", legacy.reason, "-", JSON.stringify(legacy.message));
}
