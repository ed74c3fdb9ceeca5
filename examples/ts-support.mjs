// Helpers shared by the examples' TypeScript consumer tests (`node --test examples/*/ts/`).
//
// JSON Schema and MCP-schema checks use ajv from the repository's pinned Node tools
// (tools/node, installed by `bash .ci/steps/20-node.sh`). When they are missing the checks
// are skipped with a reason, unless the env var CI is set: then they fail.
import { createRequire } from "node:module";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const toolsDir = join(root, "tools", "node");

/** ajv's 2020-12 constructor and ajv-formats, or `null` when tools/node is not installed. */
function ajvModules() {
  if (!existsSync(join(toolsDir, "node_modules", "ajv"))) {
    if (process.env.CI) throw new Error("CI is set but tools/node/node_modules lacks ajv: run bash .ci/steps/20-node.sh");
    return null;
  }
  const require = createRequire(join(toolsDir, "package.json"));
  return { Ajv2020: require("ajv/dist/2020.js").default, addFormats: require("ajv-formats").default };
}

const readJson = (p) => JSON.parse(readFileSync(p, "utf8"));

/**
 * A validator for a generated `wire-error.schema.json` (strict mode), or for one of its
 * `$defs` (e.g. `"LegacyWireError"`, `"ReceivedWireError"`), or `null` without ajv.
 * @param {URL} schemaUrl
 * @param {string} [def]
 */
export async function loadWireValidator(schemaUrl, def) {
  const m = ajvModules();
  if (m === null) return null;
  const ajv = m.addFormats(new m.Ajv2020({ strict: true, allErrors: true }));
  const schema = readJson(fileURLToPath(schemaUrl));
  if (def === undefined) return ajv.compile(schema);
  ajv.addSchema(schema, "wire");
  const v = ajv.getSchema(`wire#/$defs/${def}`);
  if (v === undefined) throw new Error(`${def} is not in ${schemaUrl}`);
  return v;
}

/**
 * Validators for `$defs/CallToolResult` and `$defs/JSONRPCErrorResponse` of every official
 * MCP schema revision in tests/mcp-schema, or `null` without ajv.
 */
export async function loadMcpValidators() {
  const m = ajvModules();
  if (m === null) return null;
  const dir = join(root, "tests", "mcp-schema");
  return ["schema-2025-11-25.json", "schema-2026-07-28.json"].map((file) => {
    // The official schema uses annotations ajv does not know: compiled leniently.
    const ajv = m.addFormats(new m.Ajv2020({ strict: false, allErrors: true }));
    ajv.addSchema(readJson(join(dir, file)), "mcp");
    return {
      revision: file,
      result: ajv.getSchema("mcp#/$defs/CallToolResult"),
      rpc: ajv.getSchema("mcp#/$defs/JSONRPCErrorResponse"),
    };
  });
}

/**
 * Param values for a code's metadata: `"<name>"` strings, 42, 1.5, true (errdex's own
 * example values).
 * @param {{params: readonly {name: string, type: string}[]}} info
 */
export function exampleParams(info) {
  const out = {};
  for (const p of info.params) {
    out[p.name] = p.type === "string" ? `<${p.name}>` : p.type === "integer" ? 42 : p.type === "number" ? 1.5 : true;
  }
  return out;
}
