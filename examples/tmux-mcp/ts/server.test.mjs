// The TypeScript SDK example driven by the same SDK's `Client` over its in-memory transport:
// what the client receives for tool failures (isError, the message as raised, the catalogue's
// `_meta`) and for an unknown tool (the JSON-RPC error errdex maps), with the raw messages on
// the wire validated against every official MCP schema revision.
//
// Run: node --test examples/tmux-mcp/ts/
import assert from "node:assert/strict";
import { test } from "node:test";

import { loadMcpValidators } from "../../ts-support.mjs";
import { ErrorCode, createError, parseJsonRpcError } from "../generated/ts/index.js";
import { HAVE_SDK, SDK_DIR, createServer, demoTmux, sdk } from "./server.mjs";

if (!HAVE_SDK && process.env.CI) throw new Error(`CI is set but ${SDK_DIR} is missing: run bash .ci/steps/20-node.sh`);
const skip = HAVE_SDK ? false : `${SDK_DIR} is missing: run bash .ci/steps/20-node.sh`;

/** A connected client, the server's log, and every message the server sent. */
async function connect(options = {}) {
  const { Client, InMemoryTransport } = await sdk();
  const logged = [];
  const server = await createServer({ ...options, log: (level, text) => logged.push([level, text]) });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const sent = [];
  const send = serverSide.send.bind(serverSide);
  serverSide.send = (message, opts) => (sent.push(structuredClone(message)), send(message, opts));
  await server.connect(serverSide);
  const client = new Client({ name: "errdex-test", version: "0.1.0" });
  await client.connect(clientSide);
  return { client, logged, sent, close: () => client.close() };
}

const validators = await loadMcpValidators();

function validResult(result) {
  if (validators === null) return;
  for (const v of validators) assert.ok(v.result(result), `${v.revision}: ${JSON.stringify(v.result.errors)}`);
}

test("a not-found error arrives as the catalogue's result, with the discovery tool", { skip }, async () => {
  const c = await connect();
  try {
    const got = await c.client.callTool({ name: "capture_pane", arguments: { pane_id: "%5" } });
    const want = createError(ErrorCode.PANE_NOT_FOUND, { pane_id: "%5" }).toMcpToolResult();
    assert.equal(got.isError, true);
    assert.deepEqual(got.content, [{ type: "text", text: "Pane not found: %5" }]);
    assert.deepEqual(got._meta, want._meta);
    assert.deepEqual(Object.keys(got._meta), ["error_type", "expected", "suggestion"]);
    assert.equal(got._meta.error_type, "ExpectedToolError");
    assert.equal(got._meta.expected, true);
    assert.match(got._meta.suggestion, /list_panes/);
    assert.equal(got.structuredContent, undefined);
    validResult(c.sent.at(-1).result);
    assert.deepEqual(c.logged, [["warning", "capture_pane failed: ExpectedToolError: Pane not found: %5"]]);
  } finally {
    await c.close();
  }
});

test("the tier denial is the document's After result", { skip }, async () => {
  const c = await connect();
  try {
    const got = await c.client.callTool({ name: "send_keys", arguments: { pane_id: "%0", keys: "ls" } });
    assert.equal(got.isError, true);
    assert.equal(
      got.content[0].text,
      "Tool 'send_keys' is not available at the current safety level. Set LIBTMUX_SAFETY=destructive to enable destructive tools.",
    );
    assert.deepEqual(got._meta, { error_type: "ExpectedToolError", expected: true });
    validResult(c.sent.at(-1).result);
  } finally {
    await c.close();
  }
});

test("operator faults and unexpected exceptions are expected: false and logged as errors", { skip }, async () => {
  const missing = await connect({ tmux: { ...demoTmux(), binary: null } });
  const buggy = await connect();
  try {
    const a = await missing.client.callTool({ name: "list_sessions", arguments: {} });
    assert.equal(a.content[0].text, "tmux not found on PATH");
    assert.deepEqual(a._meta, { error_type: "ToolError", expected: false });
    const b = await buggy.client.callTool({ name: "pane_line_width", arguments: { pane_id: "%1" } });
    assert.equal(b.content[0].text, "cannot average zero lines");
    assert.deepEqual(b._meta, { error_type: "RangeError", expected: false });
    assert.deepEqual([...missing.logged, ...buggy.logged].map(([level]) => level), ["error", "error"]);
  } finally {
    await missing.close();
    await buggy.close();
  }
});

test("an unknown tool is the JSON-RPC error errdex maps", { skip }, async () => {
  const c = await connect();
  try {
    const { types } = await sdk();
    const want = createError(ErrorCode.UNKNOWN_TOOL, { tool: "list_buffers" }).toJsonRpcError();
    await assert.rejects(c.client.callTool({ name: "list_buffers", arguments: {} }), (e) => {
      assert.ok(e instanceof types.McpError);
      assert.equal(e.code, -32602);
      assert.deepEqual(e.data, want.data);
      return true;
    });
    const wire = c.sent.at(-1);
    assert.deepEqual(wire.error, want, "the error object on the wire, exactly");
    assert.equal(parseJsonRpcError(wire).code, ErrorCode.UNKNOWN_TOOL);
    if (validators !== null) {
      for (const v of validators) assert.ok(v.rpc(wire), `${v.revision}: ${JSON.stringify(v.rpc.errors)}`);
    }
    assert.deepEqual(c.logged, [["warning", "unknown_tool: Unknown tool: 'list_buffers'"]]);
  } finally {
    await c.close();
  }
});

test("a successful call is untouched", { skip }, async () => {
  const c = await connect({ safety: "destructive" });
  try {
    const sent = await c.client.callTool({ name: "send_keys", arguments: { pane_id: "%0", keys: "ls" } });
    assert.equal(sent.isError, undefined);
    const got = await c.client.callTool({ name: "capture_pane", arguments: { pane_id: "%0" } });
    assert.deepEqual(got.content, [{ type: "text", text: "$ make test\nok: 12 passed\nls" }]);
  } finally {
    await c.close();
  }
});
