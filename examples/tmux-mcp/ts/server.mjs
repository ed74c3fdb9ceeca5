// The tmux example server on the official TypeScript SDK (@modelcontextprotocol/sdk), its
// tools failing with the errors of ../errors.yaml (the generated module ../generated/ts).
//
// The SDK's high-level `McpServer` turns every exception a tool throws into
// `{content: [{text: error.message}], isError: true}` and would drop the catalogue's `_meta`;
// it also answers an unknown tool with such a result. So this server registers its own
// `tools/call` handler on the SDK's `Server`, the one boundary:
//
// - a tool throws a generated error (`createError(ErrorCode.PANE_NOT_FOUND, {pane_id})`); the
//   handler returns `err.toMcpToolResult()`: isError, the message as raised, the profile's `_meta`;
// - any other exception becomes `unexpected` (its message, its class as `error_type`);
// - a tool the server does not have is a protocol-level failure: the handler throws the
//   JSON-RPC error of `unknown_tool` (`err.toJsonRpcError()`: code, message, data as errdex
//   maps them; a plain error with `code` and `data`, since the SDK's `McpError` would prefix
//   the message with "MCP error <code>:").
//
// The SDK comes from the repository's pinned Node tools (tools/node, `bash .ci/steps/20-node.sh`).

import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { AppError, ErrorCode, createError } from "../generated/ts/index.js";

const toolsDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "tools", "node");

/** Where the pinned SDK is installed. */
export const SDK_DIR = join(toolsDir, "node_modules", "@modelcontextprotocol", "sdk");

/** Whether the SDK is installed (`bash .ci/steps/20-node.sh`). */
export const HAVE_SDK = existsSync(join(SDK_DIR, "package.json"));

/** The SDK's ESM build, from tools/node. */
export async function sdk() {
  const root = SDK_DIR;
  const load = (p) => import(pathToFileURL(join(root, "dist", "esm", p)).href);
  const [server, client, memory, types] = await Promise.all([
    load("server/index.js"),
    load("client/index.js"),
    load("inMemory.js"),
    load("types.js"),
  ]);
  return { Server: server.Server, Client: client.Client, InMemoryTransport: memory.InMemoryTransport, types };
}

/** The safety tiers, lowest first. */
const TIERS = ["readonly", "mutating", "destructive"];

/** One session `$0`, one window `@0`, panes `%0` (a shell) and `%1` (empty). */
export function demoTmux() {
  return { binary: "tmux", sessions: { $0: ["@0"] }, windows: { "@0": ["%0", "%1"] }, panes: { "%0": ["$ make test", "ok: 12 passed"], "%1": [] } };
}

/** The tools: each returns a value or throws. */
function tools(tmux, safety) {
  const check = () => {
    if (tmux.binary === null) throw createError(ErrorCode.TMUX_NOT_FOUND, {});
  };
  const pane = (pane_id) => {
    check();
    if (!Object.hasOwn(tmux.panes, pane_id)) throw createError(ErrorCode.PANE_NOT_FOUND, { pane_id });
    return tmux.panes[pane_id];
  };
  const str = { type: "string" };
  return {
    list_sessions: { schema: {}, run: () => (check(), Object.keys(tmux.sessions)) },
    list_panes: {
      schema: { window_id: str },
      run: ({ window_id }) => {
        check();
        if (!Object.hasOwn(tmux.windows, window_id)) throw createError(ErrorCode.WINDOW_NOT_FOUND, { window_id });
        return tmux.windows[window_id];
      },
    },
    capture_pane: { schema: { pane_id: str }, run: ({ pane_id }) => pane(pane_id).join("\n") },
    send_keys: {
      schema: { pane_id: str, keys: str },
      run: ({ pane_id, keys }) => {
        if (TIERS.indexOf(safety) < TIERS.indexOf("destructive")) {
          throw createError(ErrorCode.TIER_DENIED, { tool: "send_keys", tier: "destructive" });
        }
        pane(pane_id).push(keys);
        return "sent";
      },
    },
    pane_line_width: {
      schema: { pane_id: str },
      // Its bug: an empty pane has no lines to average.
      run: ({ pane_id }) => {
        const rows = pane(pane_id);
        if (rows.length === 0) throw new RangeError("cannot average zero lines");
        return rows.reduce((n, r) => n + r.length, 0) / rows.length;
      },
    },
  };
}

/**
 * The server over `tmux` at the safety tier `safety`. `log(level, text)` receives one line
 * per failed call: "warning" for expected faults, "error" for operator faults.
 */
export async function createServer({ tmux = demoTmux(), safety = "mutating", log = () => {} } = {}) {
  const { Server, types } = await sdk();
  const server = new Server({ name: "libtmux-mcp-example", version: "0.1.0" }, { capabilities: { tools: {} } });
  const table = tools(tmux, safety);
  server.setRequestHandler(types.ListToolsRequestSchema, async () => ({
    tools: Object.entries(table).map(([name, t]) => ({
      name,
      inputSchema: { type: "object", properties: t.schema, required: Object.keys(t.schema), additionalProperties: false },
    })),
  }));
  server.setRequestHandler(types.CallToolRequestSchema, async (request) => {
    const { name } = request.params;
    const args = request.params.arguments ?? {};
    if (!Object.hasOwn(table, name)) {
      const err = createError(ErrorCode.UNKNOWN_TOOL, { tool: name });
      log(err.expected ? "warning" : "error", `${err.code}: ${err.message}`);
      const rpc = err.toJsonRpcError();
      throw Object.assign(new Error(rpc.message), { code: rpc.code, data: rpc.data });
    }
    try {
      const value = table[name].run(args);
      return { content: [{ type: "text", text: typeof value === "string" ? value : JSON.stringify(value) }] };
    } catch (e) {
      const err =
        e instanceof AppError
          ? e
          : createError(ErrorCode.UNEXPECTED, { raised: e instanceof Error ? e.message : String(e) }, { errorType: e instanceof Error ? e.name : typeof e, cause: e });
      log(err.expected ? "warning" : "error", `${name} failed: ${err.errorType}: ${err.message}`);
      return err.toMcpToolResult();
    }
  });
  return server;
}
