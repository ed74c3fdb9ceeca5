// @ts-check
// The plumbing runtime's side of the seed document "Error format", in JavaScript: the tool
// dispatcher answers a failed call with the tool response envelope
// `{id, content: <the wire object as JSON text>, is_error: true}` the agent feeds to the
// model, and a retry policy reads any payload it receives (current, a newer runtime's code,
// or the earlier flat `{"error": "human message"}`) and retries only `unavailable` errors.
//
// Run the demo: node examples/runtime/ts/demo.mjs

import { ErrorCode, createError, isRetryable, parseWireError } from "../generated/ts/index.js";

/**
 * @typedef {object} Bindings
 * @property {readonly string[]} tools               plumbing bindings and MCP servers' tools
 * @property {readonly string[]} declinedByOperator  tools a human operator declines (OITL)
 */

/**
 * Routes one tool call; a failure is the tool response envelope.
 * @param {string} callId
 * @param {string} name
 * @param {Bindings} bindings
 */
export function dispatchTool(callId, name, bindings) {
  if (!bindings.tools.includes(name)) {
    // The document's own payload: the tool name rides along as the `source` extra.
    return createError(ErrorCode.UNKNOWN_TOOL, {}, {
      message: `unknown tool: ${name} (not found in any MCP server)`,
      context: { source: name },
    }).toToolResponse(callId);
  }
  if (bindings.declinedByOperator.includes(name)) {
    return createError(ErrorCode.TOOL_DENIED, {}, {
      message: `operator declined tool call: ${name}`,
      context: { source: name },
    }).toToolResponse(callId);
  }
  return { id: callId, content: `${name}: ok`, is_error: false };
}

/**
 * Loads a pipeline spec at startup: an empty one is `config_error` (exit status 2).
 * @param {string} path
 * @param {string} text
 */
export function loadSpec(path, text) {
  const bindings = text.split("\n").filter((l) => l.trim() !== "").length;
  if (bindings === 0) {
    const err = createError(ErrorCode.CONFIG_ERROR, {}, { message: `${path}: the spec binds no agent`, context: { path } });
    return { ok: false, error: err, exitCode: err.info.exitCode };
  }
  return { ok: true, bindings };
}

/**
 * What a retry policy does with a payload: retry only `unavailable` (or a newer runtime's
 * code whose wire category is `unavailable`); legacy payloads are never retried.
 * @param {unknown} payload
 * @returns {{retry: true, code: string} | {retry: false, code: string, detail: string}}
 */
export function retryDecision(payload) {
  const e = parseWireError(payload);
  const code = e.kind === "legacy" || e.kind === "invalid" ? "" : e.code;
  if (isRetryable(e)) return { retry: true, code };
  return { retry: false, code, detail: e.message };
}

/** Prints what the consumer does (node examples/runtime/ts/demo.mjs). */
export function demo() {
  const bindings = { tools: ["read_doc", "shell"], declinedByOperator: ["shell"] };
  for (const [id, name] of [["toolu_abc123", "foo"], ["toolu_def456", "shell"], ["toolu_ghi789", "read_doc"]]) {
    console.log(JSON.stringify(dispatchTool(id, name, bindings)));
  }
  for (const payload of [
    { error: "mcp_disconnected", category: "unavailable", detail: "MCP server connection is dead" },
    { error: "human message" },
  ]) {
    console.log(`${JSON.stringify(payload)} -> ${JSON.stringify(retryDecision(payload))}`);
  }
}
