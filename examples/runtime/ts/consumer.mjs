// @ts-check
// A supervisor in front of the agentrt runtime. It receives the runtime's wire errors
// `{"error": code, "category": ..., "detail": ..., <params and extras flat>}` and decides,
// from the generated metadata only: the process exit status (`config` exits 2), whether to
// retry (only `unavailable`), the log level (WARN for expected errors), and the subsystem
// that produced the error (the namespace). The runtime side builds its errors with
// `createError`.
//
// Run the demo: node examples/runtime/ts/demo.mjs

import { CATEGORIES, ERRORS, NAMESPACES, ALL_CODES, createError, isRetryable, parseWireError } from "../generated/ts/index.js";

/**
 * What the supervisor does with one error payload.
 * @typedef {object} Handling
 * @property {string | null} code      `null` for a payload without a code
 * @property {string | null} subsystem the namespace that produced it (`null`: none or unknown)
 * @property {"WARN" | "ERROR"} level
 * @property {number} exitStatus       the status the supervisor exits with if it gives up
 * @property {boolean} retry
 * @property {string} line             the log line
 */

/**
 * @param {unknown} payload a wire error received from the runtime
 * @returns {Handling}
 */
export function handle(payload) {
  const e = parseWireError(payload);
  if (e.kind === "invalid" || e.kind === "legacy") {
    const line = `ERROR runtime sent ${e.kind === "legacy" ? "a legacy error" : "garbage"}: ${e.message || JSON.stringify(payload)}`;
    return { code: null, subsystem: null, level: "ERROR", exitStatus: 1, retry: false, line };
  }
  // A known code carries its own metadata; a code from a newer runtime is classified by
  // the category on the wire, which this supervisor knows.
  const info = e.kind === "known" ? ERRORS[e.code] : null;
  const category = e.category !== null && Object.hasOwn(CATEGORIES, e.category) ? CATEGORIES[/** @type {keyof typeof CATEGORIES} */ (e.category)] : null;
  const expected = info?.expected ?? category?.expected ?? false;
  const exitStatus = info?.exitCode ?? category?.exitCode ?? 1;
  const level = expected ? "WARN" : "ERROR";
  const extras = e.kind === "known" ? { ...e.params, ...e.context } : e.kind === "unknown" ? e.context : {};
  const kv = Object.entries(extras).map(([k, v]) => ` ${k}=${JSON.stringify(v)}`).join("");
  const subsystem = info?.namespace ?? null;
  const line = `${level} [${subsystem ?? "-"}] ${e.code} (${e.category ?? "?"}): ${e.message}${kv}`;
  return { code: e.code, subsystem, level, exitStatus, retry: isRetryable(e), line };
}

/**
 * The codes of each producing subsystem, in catalogue order (`general`: codes without one).
 * @returns {Map<string, string[]>}
 */
export function codesBySubsystem() {
  /** @type {Map<string, string[]>} */
  const out = new Map(Object.keys(NAMESPACES).map((ns) => [ns, []]));
  for (const code of ALL_CODES) {
    const ns = ERRORS[code].namespace ?? "general";
    if (!out.has(ns)) out.set(ns, []);
    out.get(ns)?.push(code);
  }
  return out;
}

/**
 * Runtime side: the tool dispatcher's error for a tool name it does not know.
 * @param {string} tool
 * @param {string} session
 */
export function unknownTool(tool, session) {
  return createError("unknown_tool", { tool }, { argument: tool, context: { session } });
}

/** The demo `node demo.mjs` prints (see the README). */
export function demo() {
  const samples = [
    unknownTool("web_serch", "s-17").toWire(),
    createError("rate_limited", { host: "api.example", retry_after_s: 2.5 }).toWire(),
    createError("config_missing", { file: "agentrt.toml" }).toWire(),
    { error: "gpu_unavailable", category: "unavailable", detail: "no GPU left", pool: "a100" },
    { error: "something went wrong" },
  ];
  console.log("wire:", JSON.stringify(samples[0]));
  for (const s of samples) {
    const h = handle(s);
    console.log(`${h.line}\n    -> retry=${h.retry} exit=${h.exitStatus}`);
  }
  for (const [ns, codes] of codesBySubsystem()) console.log(`${ns.padEnd(14)} ${codes.join(", ")}`);
}
