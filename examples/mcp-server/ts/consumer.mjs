// @ts-check
// The tracker MCP server's structured errors v2 (seed document "Structured Error Responses
// (v2.0.0)") in JavaScript. Server side, `callTool` answers a failed tool call with an MCP
// result whose text is the structured error response
// `{"error": message, "code", "retryable", "details"}`; client side, `decide` reads such a
// payload as the document tells agents to: check for `code` first (legacy `{error: "..."}`
// payloads have none), then `retryable` and the code's retry advice.
//
// Run the demo: node examples/mcp-server/ts/demo.mjs

import { ERRORS, ErrorCode, createError, parseWireError } from "../generated/ts/index.js";

/** The phases an issue can be in, in order. */
export const PHASES = ["design", "build", "review"];

/**
 * Runs a tracker tool: issue 7 is in phase `build`; only `review` may follow.
 * @param {string} name
 * @param {Record<string, unknown>} args
 */
function runTool(name, args) {
  if (name === "create_issue") {
    const title = typeof args.title === "string" ? args.title : "";
    if (title === "") {
      throw createError(ErrorCode.VALIDATION_ERROR, { field: "title", provided: title }, { message: "title must not be empty", suggestion: "Provide a non-empty title" });
    }
    if (title === "Fix login") {
      throw createError(ErrorCode.CONFLICT, {}, { message: "an issue titled 'Fix login' already exists", context: { issue_id: 3 } });
    }
    return { issue_id: 8, title };
  }
  if (name === "set_phase") {
    const phase = typeof args.phase === "string" ? args.phase : "";
    if (!PHASES.includes(phase)) {
      throw createError(ErrorCode.VALIDATION_ERROR, { field: "phase", provided: phase }, { context: { valid_phases: PHASES } });
    }
    if (args.issue_id !== 7) throw createError(ErrorCode.NOT_FOUND, {}, { context: { issue_id: args.issue_id } });
    if (phase !== "review") {
      throw createError(ErrorCode.PRECONDITION_FAILED, { current_status: "build", requested_status: phase, valid_transitions: ["review"] });
    }
    return { issue_id: 7, phase };
  }
  if (name === "delete_project") {
    throw createError(ErrorCode.PERMISSION_DENIED, {}, { message: "deleting projects needs the `admin` label", context: { project_id: args.project_id } });
  }
  throw createError(ErrorCode.INTERNAL_ERROR, {}, { context: { tool: name } });
}

/**
 * Runs a tool call and returns its MCP `CallToolResult`.
 * @param {string} name
 * @param {Record<string, unknown>} args
 */
export function callTool(name, args) {
  try {
    return { content: [{ type: "text", text: JSON.stringify(runTool(name, args)) }], isError: false };
  } catch (e) {
    if (e instanceof Error && "toMcpToolResult" in e && typeof e.toMcpToolResult === "function") return e.toMcpToolResult();
    throw e;
  }
}

/**
 * What a client does with a failed call's payload.
 * @param {unknown} payload
 * @returns {{action: "retry" | "fix", code: string, advice: string} | {action: "legacy", message: string}}
 */
export function decide(payload) {
  const e = parseWireError(payload);
  if (e.kind === "legacy" || e.kind === "invalid") return { action: "legacy", message: e.message };
  const advice = (e.kind === "known" ? ERRORS[e.code].retry?.advice : undefined) ?? "fix arguments before retrying";
  return { action: e.retryable ? "retry" : "fix", code: e.code, advice };
}

/** Prints what the consumer does (node examples/mcp-server/ts/demo.mjs). */
export function demo() {
  /** @type {[string, Record<string, unknown>][]} */
  const calls = [
    ["create_issue", { title: "" }],
    ["set_phase", { issue_id: 7, phase: "ship" }],
    ["set_phase", { issue_id: 7, phase: "design" }],
    ["set_phase", { issue_id: 9, phase: "review" }],
    ["create_issue", { title: "Fix login" }],
  ];
  for (const [tool, args] of calls) {
    const text = callTool(tool, args).content[0].text;
    console.log(`${tool} ${JSON.stringify(args)}\n  -> ${text}\n  client: ${JSON.stringify(decide(JSON.parse(text)))}`);
  }
  console.log(`{"error":"Issue not found"}\n  client: ${JSON.stringify(decide({ error: "Issue not found" }))}`);
}
