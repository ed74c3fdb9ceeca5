// The orders service of ../SERVERS.md on Hono (the TypeScript server of this example), its
// errors raised through the package errdex generates from ../errors.yaml (../generated/ts).
//
// Every failure is thrown as the catalogue's error (`createError(ErrorCode.X, params)`) and
// answered by the package's `honoOnError()`: the status, `Content-Type`, `Retry-After` and
// body bytes errdex renders (the same as the Rust and Python servers), logged at the code's
// level (`warn` when expected, `error` otherwise). No error body is written by hand.
//
// Hono and its Node adapter come from the repository's pinned Node tools (tools/node,
// `bash .ci/steps/20-node.sh`); the generated package does not depend on them.
//
//   node examples/http-api/ts/server.mjs [--port N]   (0: any free port; prints the URL)

import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { ErrorCode, createError, honoOnError } from "../generated/ts/index.js";

const tools = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "tools", "node", "node_modules");
const { Hono } = await import(pathToFileURL(join(tools, "hono", "dist", "index.js")).href);
const { serve } = await import(pathToFileURL(join(tools, "@hono", "node-server", "dist", "index.mjs")).href);

/** The known orders, always the same (nothing is stored). */
const ORDERS = {
  "o-1": { id: "o-1", item: "book", quantity: 1, paid: false },
  "o-2": { id: "o-2", item: "pen", quantity: 3, paid: true },
  "o-3": { id: "o-3", item: "lamp", quantity: 2, paid: false },
};

/**
 * The raw text of each member of a JSON object text (the last of a repeated key), so that
 * `1.0` and `1e2` are told from `1`: JSON numbers without a fraction or exponent are integers.
 * `text` is known to be a JSON object.
 * @param {string} text
 * @returns {Map<string, string>}
 */
function memberTexts(text) {
  /** @type {Map<string, string>} */
  const out = new Map();
  let i = text.indexOf("{") + 1;
  const skipSpace = () => {
    while (i < text.length && " \t\r\n".includes(text[i])) i++;
  };
  const skipString = () => {
    for (i++; text[i] !== '"'; i++) if (text[i] === "\\") i++;
    i++;
  };
  for (;;) {
    skipSpace();
    if (text[i] !== '"') return out;
    const start = i;
    skipString();
    const key = JSON.parse(text.slice(start, i));
    skipSpace();
    i++; // ':'
    skipSpace();
    const from = i;
    let depth = 0;
    while (i < text.length) {
      const c = text[i];
      if (c === '"') {
        skipString();
        continue;
      }
      if (depth === 0 && (c === "," || c === "}")) break;
      if (c === "{" || c === "[") depth++;
      else if (c === "}" || c === "]") depth--;
      i++;
    }
    out.set(key, text.slice(from, i).trim());
    i++; // ',' or '}'
  }
}

/**
 * The new order of a `POST /orders` body (any content type), or the error it gets.
 * @param {ArrayBuffer} bytes
 */
function newOrder(bytes) {
  let text;
  let body;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (body === null || typeof body !== "object" || Array.isArray(body) || text === undefined) {
    throw createError(ErrorCode.BODY_MALFORMED, { problem: "expected a JSON object" });
  }
  const { item, quantity } = { item: Object.hasOwn(body, "item") ? body.item : undefined, quantity: Object.hasOwn(body, "quantity") ? body.quantity : undefined };
  if (typeof item !== "string" || item === "") {
    throw createError(ErrorCode.VALIDATION_FAILED, { field: "item", rule: "must be a non-empty string" });
  }
  const raw = memberTexts(text).get("quantity") ?? "";
  if (typeof quantity !== "number" || !/^-?[0-9]+$/.test(raw) || quantity < 1 || quantity > 1000) {
    throw createError(ErrorCode.VALIDATION_FAILED, { field: "quantity", rule: "must be an integer from 1 to 1000" });
  }
  return { id: "o-4", item, quantity, paid: false };
}

/**
 * The service as a Hono app; `log` receives each error response's level and error.
 * @param {{ log?: (level: "warn" | "error", err: unknown) => void }} [options]
 */
export function app(options = {}) {
  /** The `burst-` tokens already limited once. */
  const limited = new Set();
  const api = new Hono();

  /**
   * Authentication, then the rate limit, then (for writes) the scope: the first that fails
   * answers.
   * @param {{ req: { header(name: string): string | undefined } }} c
   * @param {{ write?: boolean }} [needs]
   */
  const guard = (c, needs = {}) => {
    const auth = c.req.header("Authorization") ?? "";
    const token = auth.startsWith("Bearer ") ? auth.slice("Bearer ".length) : "";
    if (token === "") throw createError(ErrorCode.TOKEN_MISSING, {});
    if (token.startsWith("burst-") && !limited.has(token)) {
      limited.add(token);
      throw createError(ErrorCode.RATE_LIMITED, { limit: 100, window_s: 60 });
    }
    if (needs.write && token === "read-only") {
      throw createError(ErrorCode.SCOPE_MISSING, { scope: "orders:write" });
    }
  };

  api.get("/orders/:order_id", (c) => {
    guard(c);
    const id = c.req.param("order_id");
    if (!Object.hasOwn(ORDERS, id)) throw createError(ErrorCode.ORDER_NOT_FOUND, { order_id: id });
    return c.json(ORDERS[id]);
  });

  api.post("/orders", async (c) => {
    guard(c, { write: true });
    return c.json(newOrder(await c.req.arrayBuffer()), 201);
  });

  api.post("/orders/:order_id/payment", (c) => {
    guard(c);
    const id = c.req.param("order_id");
    if (id === "o-1") return c.json({ ...ORDERS[id], paid: true });
    if (id === "o-2") throw createError(ErrorCode.ORDER_ALREADY_PAID, { order_id: id });
    if (id === "o-3") throw createError(ErrorCode.UPSTREAM_UNAVAILABLE, { service: "payments" });
    throw createError(ErrorCode.ORDER_NOT_FOUND, { order_id: id });
  });

  // A method the document does not list on a path it does: 405 with `Allow`.
  for (const [path, allow] of [["/orders/:order_id", "GET"], ["/orders", "POST"], ["/orders/:order_id/payment", "POST"]]) {
    api.all(path, (c) => c.body(null, 405, { Allow: allow }));
  }

  api.onError(honoOnError({ log: options.log }));
  return api;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--port");
  const port = at >= 0 ? Number(process.argv[at + 1]) : 8080;
  // One line per error response, at its level: `warn ORD-…: …` on stderr.
  const log = (level, err) => process.stderr.write(`${level} ${String(err).split("\n")[0]}\n`);
  serve({ fetch: app({ log }).fetch, hostname: "127.0.0.1", port }, (info) => {
    process.stdout.write(`listening on http://127.0.0.1:${info.port}\n`);
  });
}
