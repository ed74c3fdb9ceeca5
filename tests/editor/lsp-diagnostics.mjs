// Drives the real yaml-language-server (the one VS Code's YAML extension runs) over the
// Language Server Protocol and prints what an editor would show for each catalogue.
//
//   node lsp-diagnostics.mjs <tools/node dir> <schema.json> <file.yaml>...
//   node lsp-diagnostics.mjs <tools/node dir> --pairs <schema.json> <file.yaml> [<schema.json> <file.yaml>]...
//
// With --pairs each file is validated against the schema before it: one server for many
// catalogues with schemas of their own (a server starts in about two seconds).
//
// Prints one JSON object: { "<file>": [{ "line": 1-based, "column": 1-based, "severity":
// "error"|"warning"|..., "message": "..." }] }. With ERRDEX_LSP_COMPLETE=<line>:<col> it
// instead prints the completion labels offered at that 1-based position of the first file.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [toolsDir, first, ...rest] = process.argv.slice(2);
// [schema, file] of every file given.
const pairs =
  first === "--pairs" ? rest.flatMap((_, i) => (i % 2 === 0 ? [[rest[i], rest[i + 1]]] : [])) : rest.map((f) => [first, f]);
if (!toolsDir || !first || pairs.length === 0 || pairs.some(([schema, file]) => !schema || !file)) {
  console.error(
    "usage: node lsp-diagnostics.mjs <tools/node> (<schema.json> <file.yaml>... | --pairs (<schema.json> <file.yaml>)...)",
  );
  process.exit(2);
}
const files = pairs.map(([, file]) => file);
// Every file given, by its absolute path (a glob such as `*.yaml` skips hidden folders),
// under its schema.
const schemas = {};
for (const [schema, file] of pairs) (schemas[pathToFileURL(resolve(schema)).href] ??= []).push(resolve(file));
const serverJs = resolve(toolsDir, "node_modules/yaml-language-server/bin/yaml-language-server");
const server = spawn(process.execPath, [serverJs, "--stdio"], { stdio: ["pipe", "pipe", "inherit"] });

let nextId = 1;
const pending = new Map();
const diagnostics = new Map();
let lastDiagnosticsAt = Date.now();
const settings = {
  yaml: {
    validate: true,
    completion: true,
    hover: false,
    format: { enable: false },
    schemaStore: { enable: false },
    yamlVersion: "1.2",
    schemas,
  },
};

function send(message) {
  const body = JSON.stringify({ jsonrpc: "2.0", ...message });
  server.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}
function request(method, params) {
  const id = nextId++;
  send({ id, method, params });
  return new Promise((ok, fail) => pending.set(id, { ok, fail }));
}
const notify = (method, params) => send({ method, params });

let buffer = Buffer.alloc(0);
server.stdout.on("data", (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const headerEnd = buffer.indexOf("\r\n\r\n");
    if (headerEnd < 0) return;
    const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, headerEnd).toString())[1]);
    if (buffer.length < headerEnd + 4 + length) return;
    const message = JSON.parse(buffer.subarray(headerEnd + 4, headerEnd + 4 + length).toString());
    buffer = buffer.subarray(headerEnd + 4 + length);
    handle(message);
  }
});

function handle(message) {
  if (message.id !== undefined && message.method) {
    // A request from the server: configuration and registration requests.
    let result = null;
    if (message.method === "workspace/configuration") {
      result = message.params.items.map((item) =>
        item.section ? item.section.split(".").reduce((o, k) => o?.[k], settings) ?? null : settings,
      );
    }
    send({ id: message.id, result });
    return;
  }
  if (message.id !== undefined) {
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.error) waiter?.fail(new Error(message.error.message));
    else waiter?.ok(message.result);
    return;
  }
  if (message.method === "textDocument/publishDiagnostics") {
    diagnostics.set(message.params.uri, message.params.diagnostics);
    lastDiagnosticsAt = Date.now();
  }
}

const withoutModeline = (text) => text.replace(/^#\s*yaml-language-server:/gm, "# (modeline)");
const SEVERITY = { 1: "error", 2: "warning", 3: "information", 4: "hint" };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

await request("initialize", {
  processId: process.pid,
  rootUri: null,
  capabilities: { workspace: { configuration: true }, textDocument: { completion: {} } },
});
notify("initialized", {});
notify("workspace/didChangeConfiguration", { settings });

const uris = files.map((f) => pathToFileURL(resolve(f)).href);
files.forEach((file, i) =>
  notify("textDocument/didOpen", {
    // A `# yaml-language-server: $schema=` modeline would win over the schema given here.
    textDocument: { uri: uris[i], languageId: "yaml", version: 1, text: withoutModeline(readFileSync(file, "utf8")) },
  }),
);

const complete = process.env.ERRDEX_LSP_COMPLETE;
let output;
if (complete) {
  const [line, column] = complete.split(":").map(Number);
  await sleep(500);
  const result = await request("textDocument/completion", {
    textDocument: { uri: uris[0] },
    position: { line: line - 1, character: column - 1 },
  });
  const items = Array.isArray(result) ? result : result?.items ?? [];
  output = items.map((item) => item.label).sort();
} else {
  // Diagnostics arrive asynchronously: wait until every file has some and none came lately.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    await sleep(100);
    if (uris.every((u) => diagnostics.has(u)) && Date.now() - lastDiagnosticsAt > 700) break;
  }
  output = {};
  files.forEach((file, i) => {
    const list = diagnostics.get(uris[i]);
    if (!list) throw new Error(`yaml-language-server sent no diagnostics for ${file}`);
    output[file] = list.map((d) => ({
      line: d.range.start.line + 1,
      column: d.range.start.character + 1,
      severity: SEVERITY[d.severity] ?? "error",
      message: d.message,
    }));
  });
}
await request("shutdown", null);
notify("exit", null);
// Exit once stdout is flushed: to a pipe it is written asynchronously, and `process.exit`
// right after `console.log` cut the JSON of many files off at 64 KiB.
process.stdout.write(`${JSON.stringify(output, null, 1)}\n`, () => process.exit(0));
