// @ts-check
// The milo framework's errors (seed documents "Milo errors" and "Dispatch Contract") in
// JavaScript: the validation boundary raises FRM_VALIDATION as the base class `MiloError`
// with argument, constraint and suggestion; `callTool` turns a failure into the MCP tool
// result with `content[0].text` = "Error: <message>" and a top-level `errorData`; `dispatch`
// answers an exception escaping JSON-RPC method dispatch with the catalogue's code.
//
// Run the demo: node examples/agent-cli/ts/demo.mjs

import { ErrorCode, MiloError, createError } from "../generated/ts/index.js";

/** `deploy`'s input schema, as the framework derives it from the handler's signature. */
export const DEPLOY_SCHEMA = { type: "object", properties: { environment: { type: "string" } } };

/** @param {string} environment */
export function requireEnv(environment) {
  if (!environment) {
    throw createError(ErrorCode.FRM_VALIDATION, {}, {
      message: "Environment is required",
      argument: "environment",
      constraint: { minLength: 1 },
      suggestion: "Provide a non-empty environment name.",
      errorType: "MiloError",
    });
  }
}

/**
 * `tools/call` of the `deploy` command; a failure is the tool result with `errorData`.
 * @param {string} name
 * @param {Record<string, unknown>} args
 */
export function callTool(name, args) {
  try {
    if (name !== "deploy") {
      throw createError(ErrorCode.CMD_NOT_FOUND, {}, { message: `Command was not found: ${name}`, argument: name });
    }
    const env = typeof args.environment === "string" ? args.environment : "";
    requireEnv(env);
    const value = { environment: env };
    return { content: [{ type: "text", text: JSON.stringify(value) }], isError: false, structuredContent: value };
  } catch (e) {
    if (!(e instanceof MiloError)) throw e;
    // The boundary adds the tool, an example value and the schema.
    const err = createError(e.code, e.params, {
      message: e.message,
      argument: e.argument,
      constraint: e.constraint,
      suggestion: e.suggestion,
      errorType: e.errorType,
      context: { tool: name, example: "x", schema: DEPLOY_SCHEMA },
    });
    return err.toMcpToolResult();
  }
}

/**
 * The JSON-RPC error response for an error escaping method dispatch.
 * @param {string | number | null} id
 * @param {MiloError} err
 */
export function dispatch(id, err) {
  return { jsonrpc: "2.0", id, error: err.toJsonRpcError() };
}

/** Prints what the consumer does (node examples/agent-cli/ts/demo.mjs). */
export function demo() {
  try {
    requireEnv("");
  } catch (e) {
    console.log(String(e));
  }
  console.log(JSON.stringify(callTool("deploy", { environment: "" })));
  console.log(JSON.stringify(dispatch(1, createError(ErrorCode.CMD_NOT_FOUND, {}, { message: "Command was not found: site.bild" }))));
}
