// {{ header }}
//
// {{ title_comment|safe }}: error codes, their metadata, and total parsers for wire payloads,
// MCP tool results and JSON-RPC errors. Plain ES module (no build step); types in index.d.ts.

const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
const isObject = (x) => typeof x === "object" && x !== null && !Array.isArray(x);
// Defines an own property even for keys like `__proto__` (plain assignment would not).
const put = (o, k, v) =>
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
const deepFreeze = (x) => {
  if (typeof x === "object" && x !== null && !Object.isFrozen(x)) {
    for (const v of Object.values(x)) deepFreeze(v);
    Object.freeze(x);
  }
  return x;
};

/** The registry this module was generated from. */
export const REGISTRY = deepFreeze({
  name: {{ registry.name.js()|safe }},
  title: {{ registry.title.js()|safe }},
  packageName: {{ registry.npm_name.js()|safe }},
  mcpMetaPrefix: {{ registry.mcp_meta_prefix.js()|safe }},
});

/** Key names of the wire object (`null`: the key is not sent). */
export const WIRE = deepFreeze({
  code: {{ wire.code.js()|safe }},
  message: {{ wire.message.js()|safe }},
  category: {{ wire.category.js()|safe }},
  retryable: {{ wire.retryable.js()|safe }},
  details: {{ wire.details.js()|safe }},
});

/** Every category, keyed by its wire value, in catalogue order. */
export const CATEGORIES = deepFreeze({
{%- for c in categories %}
  [{{ c.key.js()|safe }}]: {
    key: {{ c.key.js()|safe }},
    summary: {{ c.summary.js()|safe }},
    retryable: {{ c.retryable }},
    retry: {{ c.retry.js()|safe }},
    exitCode: {{ c.exit_code }},
    httpStatus: {{ c.http_status }},
    jsonrpcCode: {{ c.jsonrpc_code }},
    expected: {{ c.expected }},
  },
{%- endfor %}
});

/** Every namespace, keyed by its name, in catalogue order. */
export const NAMESPACES = deepFreeze({
{%- for n in namespaces %}
  [{{ n.key.js()|safe }}]: {
    key: {{ n.key.js()|safe }},
    title: {{ n.title.js()|safe }},
    summary: {{ n.summary.js()|safe }},
    codePrefix: {{ n.code_prefix.js()|safe }},
  },
{%- endfor %}
});

/** Every live error code by its catalogue NAME: `ErrorCode.FRM_VALIDATION === "ACM-FRM-001"`. */
export const ErrorCode = deepFreeze({
{%- for e in errors %}
  [{{ e.ts_key.js()|safe }}]: {{ e.code.js()|safe }},
{%- endfor %}
});

/** Metadata of every live code, keyed by code (for catalogue order, iterate `ALL_CODES`). */
export const ERRORS = deepFreeze({
{%- for e in errors %}
  [{{ e.code.js()|safe }}]: {
    code: {{ e.code.js()|safe }},
    name: {{ e.name.js()|safe }},
    namespace: {{ e.namespace.js()|safe }},
    category: {{ e.category.js()|safe }},
    summary: {{ e.summary.js()|safe }},
    message: {{ e.message.js()|safe }},
    params: {{ e.params_json.js()|safe }},
    suggestion: {{ e.suggestion.js()|safe }},
    retryable: {{ e.retryable }},
    retry: {{ e.retry.js()|safe }},
    exitCode: {{ e.exit_code }},
    httpStatus: {{ e.http_status }},
    jsonrpcCode: {{ e.jsonrpc_code }},
    expected: {{ e.expected }},
    docsUrl: {{ e.docs_url.js()|safe }},
    since: {{ e.since.js()|safe }},
    deprecated: {{ e.deprecated.js()|safe }},
    aliases: {{ e.aliases.js()|safe }},
    legacyCodes: {{ e.legacy_codes.js()|safe }},
  },
{%- endfor %}
});

/**
 * Every live code in catalogue order (like the Rust `ErrorCode::ALL`). Iterate this rather
 * than `ERRORS`: JavaScript enumerates integer-like keys (PostgreSQL's `22001`) first.
 */
export const ALL_CODES = deepFreeze([
{%- for e in errors %}
  {{ e.code.js()|safe }},
{%- endfor %}
]);

/** Retired codes (tombstones): never used again; parsers classify them as `kind: "retired"`. */
export const RETIRED = deepFreeze({
{%- for r in retired %}
  [{{ r.code.js()|safe }}]: {
    code: {{ r.code.js()|safe }},
    name: {{ r.name.js()|safe }},
    since: {{ r.since.js()|safe }},
    note: {{ r.note.js()|safe }},
  },
{%- endfor %}
});

// Wire code (current or legacy) → current code; names and aliases → current code.
const BY_WIRE_CODE = new Map();
const BY_NAME = new Map();
for (const info of ALL_CODES.map((c) => ERRORS[c])) {
  BY_WIRE_CODE.set(info.code, info.code);
  BY_NAME.set(info.name, info.code);
  for (const alias of info.aliases) BY_NAME.set(alias, info.code);
}
for (const info of ALL_CODES.map((c) => ERRORS[c])) {
  for (const legacy of info.legacyCodes) {
    if (!BY_WIRE_CODE.has(legacy)) BY_WIRE_CODE.set(legacy, info.code);
  }
}

/** `true` when `x` is a live code of this catalogue (legacy codes are not). */
export function isErrorCode(x) {
  return typeof x === "string" && hasOwn(ERRORS, x);
}

/**
 * Resolves a code, legacy code, NAME or alias to the entry's metadata; `undefined` otherwise
 * (also for retired codes: see `RETIRED`).
 */
export function lookup(key) {
  if (typeof key !== "string") return undefined;
  const code = BY_WIRE_CODE.get(key) ?? BY_NAME.get(key);
  return code === undefined ? undefined : ERRORS[code];
}

/**
 * Renders a message or suggestion template: `{param}` takes the param's value, `{{ "{{" }}` and
 * `}}` are literal braces. Strings read bare, numbers as `String(n)`, booleans as
 * `true`/`false`; a missing value renders empty.
 */
export function renderTemplate(template, params) {
  let out = "";
  let i = 0;
  while (i < template.length) {
    const c = template[i];
    if ((c === "{" || c === "}") && template[i + 1] === c) {
      out += c;
      i += 2;
    } else if (c === "{") {
      const end = template.indexOf("}", i + 1);
      if (end < 0) {
        out += template.slice(i);
        break;
      }
      const name = template.slice(i + 1, end);
      const v = isObject(params) && hasOwn(params, name) ? params[name] : undefined;
      out += v === undefined || v === null ? "" : String(v);
      i = end + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

const typeOk = (ty, v) =>
  ty === "string"
    ? typeof v === "string"
    : ty === "integer"
      ? typeof v === "number" && Number.isInteger(v)
      : ty === "number"
        ? typeof v === "number" && Number.isFinite(v)
        : ty === "boolean"
          ? typeof v === "boolean"
          : false;

const reservedKeys = () =>
  [WIRE.code, WIRE.message, WIRE.category, WIRE.retryable, WIRE.details].filter(
    (k) => k !== null,
  );

/** Splits the extras of a wire object into params, the well-known extras and context. */
function readExtras(x, info, problems) {
  let extras = {};
  if (WIRE.details !== null) {
    const d = hasOwn(x, WIRE.details) ? x[WIRE.details] : undefined;
    if (isObject(d)) extras = d;
    else if (d !== undefined) problems.push(`"${WIRE.details}" is not an object`);
  } else {
    const reserved = reservedKeys();
    for (const k of Object.keys(x)) if (!reserved.includes(k)) put(extras, k, x[k]);
  }
  const params = {};
  const declared = info ? info.params : [];
  for (const p of declared) {
    if (!hasOwn(extras, p.name)) {
      problems.push(`param "${p.name}" is missing`);
    } else if (!typeOk(p.type, extras[p.name])) {
      problems.push(`param "${p.name}" is not a ${p.type}`);
    } else {
      put(params, p.name, extras[p.name]);
    }
  }
  const out = { params, context: {} };
  const own = (k) => hasOwn(extras, k) && !declared.some((p) => p.name === k);
  if (own("argument") && typeof extras.argument === "string") out.argument = extras.argument;
  if (own("constraint")) out.constraint = extras.constraint;
  if (own("suggestion") && typeof extras.suggestion === "string") {
    out.suggestion = extras.suggestion;
  }
  for (const k of Object.keys(extras)) {
    if (declared.some((p) => p.name === k)) continue;
    if (k === "argument" || k === "constraint" || k === "suggestion") continue;
    put(out.context, k, extras[k]);
  }
  return out;
}

/** Category retryability of an unknown code: the wire flag, else the category's default. */
function classifyUnknown(category, retryableFlag) {
  if (typeof retryableFlag === "boolean") return retryableFlag;
  return typeof category === "string" && hasOwn(CATEGORIES, category)
    ? CATEGORIES[category].retryable
    : false;
}

function legacyOrInvalid(x, raw) {
  for (const k of ["error", "message"]) {
    if (hasOwn(x, k) && typeof x[k] === "string") {
      return { kind: "legacy", code: null, category: null, retryable: false, message: x[k], raw };
    }
  }
  return invalid("no code and no message", raw);
}

function invalid(reason, raw) {
  return { kind: "invalid", code: null, category: null, retryable: false, message: "", reason, raw };
}

function classify(wireCode, fields, raw) {
  const { message, category, retryableFlag, extras } = fields;
  const code = BY_WIRE_CODE.get(wireCode);
  if (code !== undefined) {
    const info = ERRORS[code];
    const problems = [];
    const read = extras(info, problems);
    if (typeof message !== "string") problems.push("the message is missing");
    if (category !== undefined && category !== info.category) {
      problems.push(`category is ${JSON.stringify(category)}, expected "${info.category}"`);
    }
    if (retryableFlag !== undefined && retryableFlag !== info.retryable) {
      problems.push(`retryable is ${JSON.stringify(retryableFlag)}, expected ${info.retryable}`);
    }
    const out = {
      kind: "known",
      code,
      wireCode,
      name: info.name,
      category: info.category,
      retryable: info.retryable,
      message: typeof message === "string" ? message : renderTemplate(info.message, read.params),
      params: read.params,
      context: read.context,
      problems,
      raw,
    };
    if (read.argument !== undefined) out.argument = read.argument;
    if (read.constraint !== undefined) out.constraint = read.constraint;
    if (read.suggestion !== undefined) out.suggestion = read.suggestion;
    return out;
  }
  const base = {
    code: wireCode,
    category: typeof category === "string" ? category : null,
    retryable: classifyUnknown(category, retryableFlag),
    message: typeof message === "string" ? message : "",
    raw,
  };
  if (hasOwn(RETIRED, wireCode)) {
    const r = RETIRED[wireCode];
    return { kind: "retired", ...base, name: r.name, since: r.since, note: r.note };
  }
  const read = extras(undefined, []);
  const out = { kind: "unknown", ...base, context: read.context };
  if (read.argument !== undefined) out.argument = read.argument;
  if (read.constraint !== undefined) out.constraint = read.constraint;
  if (read.suggestion !== undefined) out.suggestion = read.suggestion;
  return out;
}

/**
 * Classifies any value received as a wire error. Never throws.
 *
 * - a live or legacy code → `kind: "known"` (category and retryable from the catalogue;
 *   `problems` lists what does not match the catalogue, empty for a conforming payload);
 * - a retired code → `kind: "retired"`;
 * - a code this module does not know, in the wire shape (the message key present) → `kind:
 *   "unknown"`, classified by the category (and retryable flag) on the wire when present;
 * - a legacy payload → `kind: "legacy"`: a JSON object whose code key does not hold a
 *   string, or holds a string that is no code of the catalogue (live, legacy or retired)
 *   while the message key does not hold a string; and it has a string under `error` or
 *   else `message`: that string is its message (e.g. `{error: "human message"}`);
 * - otherwise, without a code, `kind: "invalid"`.
 *
 * The Rust crate's `Error::from_wire` / `wire_kind()` applies the same rule.
 */
export function parseWireError(x) {
  try {
    if (!isObject(x)) return invalid("not a JSON object", x);
    const get = (k) => (k !== null && hasOwn(x, k) ? x[k] : undefined);
    const wireCode = get(WIRE.code);
    const message = get(WIRE.message);
    if (typeof wireCode !== "string") return legacyOrInvalid(x, x);
    const known = BY_WIRE_CODE.has(wireCode) || hasOwn(RETIRED, wireCode);
    if (!known && typeof message !== "string") return legacyOrInvalid(x, x);
    return classify(
      wireCode,
      {
        message,
        category: get(WIRE.category),
        retryableFlag: get(WIRE.retryable),
        extras: (info, problems) => readExtras(x, info, problems),
      },
      x,
    );
  } catch (e) {
    return invalid(`unreadable payload: ${String(e)}`, x);
  }
}

/** `true` when `x` is a wire error of a live code that conforms to the catalogue. */
export function isWireError(x) {
  const e = parseWireError(x);
  return e.kind === "known" && e.wireCode === e.code && e.problems.length === 0 &&
    typeof x[WIRE.message] === "string";
}

/**
 * Classifies a JSON-RPC error object (`{code, message, data}`) or a whole error response
 * (`{jsonrpc, id, error}`). The wire object in `data` decides; without one, the result is
 * `kind: "legacy"` with the JSON-RPC message. Never throws.
 */
export function parseJsonRpcError(x) {
  try {
    if (!isObject(x)) return invalid("not a JSON object", x);
    const err = hasOwn(x, "jsonrpc") && isObject(x.error) ? x.error : x;
    const data = hasOwn(err, "data") ? err.data : undefined;
    if (isObject(data)) {
      const parsed = parseWireError(data);
      if (parsed.kind !== "invalid") return { ...parsed, raw: x };
    }
    if (hasOwn(err, "message") && typeof err.message === "string") {
      return { kind: "legacy", code: null, category: null, retryable: false, message: err.message, raw: x };
    }
    return invalid("no error message", x);
  } catch (e) {
    return invalid(`unreadable payload: ${String(e)}`, x);
  }
}

/**
 * Classifies an MCP `CallToolResult` with `isError: true`: the code and classification come
 * from the `_meta` keys (prefixed with `REGISTRY.mcpMetaPrefix`), the message from the text
 * content. Never throws.
 */
export function parseMcpToolResult(x) {
  try {
    if (!isObject(x)) return invalid("not a JSON object", x);
    const content = Array.isArray(x.content) ? x.content : [];
    const first = content.find((c) => isObject(c) && c.type === "text" && typeof c.text === "string");
    const text = first ? first.text : "";
    const meta = isObject(x._meta) ? x._meta : {};
    const m = (k) => {
      const key = REGISTRY.mcpMetaPrefix + k;
      return hasOwn(meta, key) ? meta[key] : undefined;
    };
    const wireCode = m("code");
    if (typeof wireCode !== "string") {
      return text !== ""
        ? { kind: "legacy", code: null, category: null, retryable: false, message: text, raw: x }
        : invalid("no code in _meta and no text", x);
    }
    const argument = m("argument");
    const constraint = m("constraint");
    const suggestion = m("suggestion");
    // The text is `CODE[ \`argument\`]: message[\n  constraint: …][\n  hint: …]`.
    let message = text;
    const prefix = wireCode + (typeof argument === "string" ? ` \`${argument}\`` : "") + ": ";
    let suffix = "";
    if (constraint !== undefined) suffix += `\n  constraint: ${JSON.stringify(constraint)}`;
    if (typeof suggestion === "string") suffix += `\n  hint: ${suggestion}`;
    if (text.startsWith(prefix) && text.endsWith(suffix) && text.length >= prefix.length + suffix.length) {
      message = text.slice(prefix.length, text.length - suffix.length);
    }
    return classify(
      wireCode,
      {
        message,
        category: m("category"),
        retryableFlag: m("retryable"),
        extras: (info, problems) => {
          const out = { params: {}, context: {} };
          if (typeof argument === "string") out.argument = argument;
          if (constraint !== undefined) out.constraint = constraint;
          if (typeof suggestion === "string") out.suggestion = suggestion;
          return out;
        },
      },
      x,
    );
  } catch (e) {
    return invalid(`unreadable payload: ${String(e)}`, x);
  }
}

/**
 * Whether retrying may help: a code (current or legacy), a parsed error, an `AppError`, or a
 * raw wire object. Unknown input is not retryable.
 */
export function isRetryable(e) {
  if (typeof e === "string") {
    const info = lookup(e);
    return info !== undefined && info.retryable;
  }
  if (e instanceof AppError) return e.retryable;
  if (isObject(e) && typeof e.kind === "string" && typeof e.retryable === "boolean") {
    return e.retryable;
  }
  return parseWireError(e).retryable;
}

/** The retry advice for a code or parsed error (the code's, else its category's), or `null`. */
export function retryAdvice(e) {
  const parsed = typeof e === "string" ? null : isObject(e) && typeof e.kind === "string" ? e : parseWireError(e);
  const info = typeof e === "string" ? lookup(e) : parsed && parsed.kind === "known" ? ERRORS[parsed.code] : undefined;
  if (info !== undefined) return info.retryable ? info.retry : null;
  const category = parsed ? parsed.category : null;
  if (parsed && parsed.retryable && typeof category === "string" && hasOwn(CATEGORIES, category)) {
    return CATEGORIES[category].retry;
  }
  return null;
}

const displayValue = (v) => (typeof v === "string" ? v : String(v));

/** A raised error of this catalogue, rendering the same wire, MCP and JSON-RPC shapes as the Rust crate. */
export class AppError extends Error {
  constructor(code, params, options) {
    const info = isErrorCode(code) ? ERRORS[code] : lookup(code);
    if (info === undefined) throw new TypeError(`unknown error code ${JSON.stringify(code)}`);
    const values = {};
    for (const p of info.params) {
      const v = isObject(params) && hasOwn(params, p.name) ? params[p.name] : undefined;
      if (!typeOk(p.type, v)) {
        throw new TypeError(`${info.code}: param "${p.name}" must be a ${p.type}`);
      }
      put(values, p.name, v);
    }
    const shown = {};
    for (const [k, v] of Object.entries(values)) put(shown, k, displayValue(v));
    super(renderTemplate(info.message, shown), options && options.cause !== undefined ? { cause: options.cause } : undefined);
    this.name = info.name;
    this.code = info.code;
    this.category = info.category;
    this.retryable = info.retryable;
    this.params = Object.freeze(values);
    this.argument = options?.argument;
    this.constraint = options?.constraint;
    const suggestion = options?.suggestion ?? (info.suggestion === null ? undefined : renderTemplate(info.suggestion, shown));
    this.suggestion = suggestion;
    this.context = Object.freeze(Object.fromEntries(Object.entries(options?.context ?? {})));
  }

  /** The catalogue metadata of this error's code. */
  get info() {
    return ERRORS[this.code];
  }

  /** `CODE[ \`argument\`]: message`, then `constraint:` and `hint:` lines (the Rust `Display`). */
  toString() {
    let s = this.code;
    if (this.argument !== undefined) s += ` \`${this.argument}\``;
    s += `: ${this.message}`;
    if (this.constraint !== undefined) s += `\n  constraint: ${JSON.stringify(this.constraint)}`;
    if (this.suggestion !== undefined) s += `\n  hint: ${this.suggestion}`;
    return s;
  }

  #extras(taken) {
    const out = {};
    const add = (k, v) => {
      if (!taken.includes(k) && !hasOwn(out, k)) put(out, k, v);
    };
    for (const p of this.info.params) add(p.name, this.params[p.name]);
    if (this.argument !== undefined) add("argument", this.argument);
    if (this.constraint !== undefined) add("constraint", this.constraint);
    if (this.suggestion !== undefined) add("suggestion", this.suggestion);
    for (const [k, v] of Object.entries(this.context)) add(k, v);
    return out;
  }

  /** The wire object in this registry's shape. */
  toWire() {
    const w = {};
    put(w, WIRE.code, this.code);
    put(w, WIRE.message, this.message);
    if (WIRE.category !== null) put(w, WIRE.category, this.category);
    if (WIRE.retryable !== null) put(w, WIRE.retryable, this.retryable);
    const extras = this.#extras(reservedKeys());
    if (WIRE.details !== null) put(w, WIRE.details, extras);
    else for (const k of Object.keys(extras)) put(w, k, extras[k]);
    return w;
  }

  /** An MCP `CallToolResult` with `isError: true` and the classification under `_meta`. */
  toMcpToolResult() {
    const p = REGISTRY.mcpMetaPrefix;
    const meta = {};
    put(meta, p + "code", this.code);
    put(meta, p + "category", this.category);
    put(meta, p + "retryable", this.retryable);
    put(meta, p + "expected", this.info.expected);
    put(meta, p + "docs_url", this.info.docsUrl);
    if (this.suggestion !== undefined) put(meta, p + "suggestion", this.suggestion);
    if (this.argument !== undefined) put(meta, p + "argument", this.argument);
    if (this.constraint !== undefined) put(meta, p + "constraint", this.constraint);
    return {
      content: [{ type: "text", text: this.toString() }],
      isError: true,
      resultType: "complete",
      _meta: meta,
    };
  }

  /**
   * The tool response envelope an agent runtime feeds back to a model:
   * `{id, content: JSON.stringify(this.toWire()), is_error: true}` (the same bytes as the
   * Rust `Error::to_tool_response`).
   */
  toToolResponse(id) {
    return { id, content: JSON.stringify(this.toWire()), is_error: true };
  }

  /** A JSON-RPC error object: `{code, message, data: <wire object>}`. */
  toJsonRpcError() {
    return { code: this.info.jsonrpcCode, message: this.message, data: this.toWire() };
  }

  /** RFC 9457 problem details. */
  toProblemJson() {
    const out = {
      type: this.info.docsUrl,
      title: this.info.summary,
      status: this.info.httpStatus,
      detail: this.message,
      code: this.code,
      category: this.category,
      retryable: this.retryable,
    };
    const extras = this.#extras(Object.keys(out));
    for (const k of Object.keys(extras)) put(out, k, extras[k]);
    return out;
  }
}

/** Creates an `AppError` for a code with its typed params. */
export function createError(code, params, options) {
  return new AppError(code, params, options);
}
