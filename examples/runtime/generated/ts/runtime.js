// errdex's TypeScript runtime: the code of every package errdex generates, shipped verbatim
// (edit errdex's codegen/src/emit/typescript/runtime.js, never a package's copy). It reads
// the catalogue from the generated data.js; the generated index.js re-exports it and names
// the error classes; the generated index.d.ts holds the types consumers see, each code's own.
// Checked as a file by `tsc --strict --checkJs` against data.d.ts (codegen/tests/ts_runtime.rs).

import * as data from "./data.js";

/** @typedef {"string" | "integer" | "number" | "boolean" | "list" | "object"} ParamType */

/**
 * @typedef {{
 *   readonly name: string,
 *   readonly type: ParamType,
 *   readonly items?: ParamType,
 *   readonly example?: unknown,
 * }} ParamInfo
 */

/** @typedef {import("./data.js").RetryAdvice} RetryAdvice */
/** @typedef {import("./data.js").ProfileField} ProfileField */

/**
 * A category's metadata (the `CATEGORY_FIELDS` of data.js).
 * @typedef {{
 *   readonly key: string,
 *   readonly summary: string,
 *   readonly retryable: boolean,
 *   readonly retry: RetryAdvice | null,
 *   readonly exitCode: number,
 *   readonly httpStatus: number,
 *   readonly jsonrpcCode: number,
 *   readonly expected: boolean,
 * }} CategoryInfo
 */

/**
 * A live code's metadata (the `ERROR_FIELDS` of data.js).
 * @typedef {{
 *   readonly code: string,
 *   readonly name: string,
 *   readonly namespace: string | null,
 *   readonly category: string,
 *   readonly summary: string,
 *   readonly message: string,
 *   readonly params: readonly ParamInfo[],
 *   readonly suggestion: string | null,
 *   readonly retryable: boolean,
 *   readonly retry: RetryAdvice | null,
 *   readonly exitCode: number,
 *   readonly httpStatus: number,
 *   readonly jsonrpcCode: number,
 *   readonly expected: boolean,
 *   readonly docsUrl: string,
 *   readonly since: string | null,
 *   readonly deprecated: { readonly since: string | null, readonly replacedBy: string | null, readonly note: string | null } | null,
 *   readonly aliases: readonly string[],
 *   readonly legacyCodes: readonly string[],
 *   readonly class: string,
 * }} ErrorInfo
 */

/**
 * A namespace's metadata (the `NAMESPACE_FIELDS` of data.js).
 * @typedef {{
 *   readonly key: string,
 *   readonly title: string,
 *   readonly summary: string | null,
 *   readonly codePrefix: string | null,
 *   readonly class: string | null,
 * }} NamespaceInfo
 */

/**
 * A retired code's tombstone (the `RETIRED_FIELDS` of data.js).
 * @typedef {{
 *   readonly code: string,
 *   readonly name: string | null,
 *   readonly since: string | null,
 *   readonly note: string | null,
 * }} RetiredInfo
 */

/**
 * An error class below the root (the `CLASS_FIELDS` of data.js): its name and its parent's.
 * @typedef {{
 *   readonly name: string,
 *   readonly parent: string,
 * }} ClassInfo
 */

/**
 * A live code's HTTP response facts (the `HTTP_CODE_FIELDS` of data.js).
 * @typedef {{
 *   readonly code: string,
 *   readonly retryAfter: number | null,
 *   readonly reason: string,
 *   readonly googleStatus: string,
 *   readonly retryDelay: string | null,
 * }} HttpCodeInfo
 */

/**
 * An AIP-193 reason a reader knows (the `HTTP_REASON_FIELDS` of data.js).
 * @typedef {{
 *   readonly reason: string,
 *   readonly kind: "known" | "retired",
 *   readonly code: string,
 * }} HttpReasonInfo
 */

/**
 * An HTTP error response to send: status, headers in order, the body's exact text, and the
 * level to log it at.
 * @typedef {{
 *   status: number, headers: [string, string][], body: string, logLevel: "warn" | "error",
 * }} HttpErrorResponse
 */

/**
 * What a client makes of an HTTP error response (the reference `read_http_response`).
 * @typedef {{
 *   kind: "known" | "unknown" | "retired" | "legacy" | "invalid",
 *   code: string | null, message: string | null, status: number, retryAfterMs: number | null,
 * }} HttpReading
 */

/**
 * What the parsers return (index.d.ts gives each code its own literal types).
 * @typedef {{
 *   kind: "known", code: string, wireCode: string, name: string, category: string,
 *   retryable: boolean, message: string, params: Record<string, unknown>,
 *   context: Record<string, unknown>, problems: string[], raw: unknown,
 *   argument?: string, constraint?: unknown, suggestion?: string,
 * }} KnownError
 * @typedef {{
 *   kind: "unknown", code: string, category: string | null, retryable: boolean,
 *   message: string, context: Record<string, unknown>, raw: unknown,
 *   argument?: string, constraint?: unknown, suggestion?: string,
 * }} UnknownError
 * @typedef {{
 *   kind: "retired", code: string, name: string | null, since: string | null,
 *   note: string | null, category: string | null, retryable: boolean, message: string,
 *   raw: unknown,
 * }} RetiredError
 * @typedef {{ kind: "legacy", code: null, category: null, retryable: false, message: string, raw: unknown }} LegacyError
 * @typedef {{ kind: "invalid", code: null, category: null, retryable: false, message: "", reason: string, raw: unknown }} InvalidError
 * @typedef {KnownError | UnknownError | RetiredError | LegacyError | InvalidError} ParsedError
 */

/**
 * The extras of an error found on the wire or in a profile's facts.
 * @typedef {{
 *   params: Record<string, unknown>, context: Record<string, unknown>,
 *   argument?: string, constraint?: unknown, suggestion?: string,
 * }} Extras
 */

/**
 * What a raise site may add or override.
 * @typedef {{
 *   readonly argument?: string, readonly constraint?: unknown, readonly suggestion?: string,
 *   readonly context?: Readonly<Record<string, unknown>>, readonly cause?: unknown,
 *   readonly message?: unknown, readonly expected?: unknown, readonly errorType?: unknown,
 * }} AppErrorOptions
 */

/**
 * @param {object} o
 * @param {PropertyKey} k
 * @returns {boolean}
 */
const hasOwn = (o, k) => Object.prototype.hasOwnProperty.call(o, k);

/**
 * @param {unknown} x
 * @returns {x is Record<string, unknown>}
 */
const isObject = (x) => typeof x === "object" && x !== null && !Array.isArray(x);

/**
 * Defines an own property even for keys like `__proto__` (plain assignment would not).
 * @param {object} o
 * @param {PropertyKey} k
 * @param {unknown} v
 */
const put = (o, k, v) =>
  Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });

/**
 * @template T
 * @param {T} x
 * @returns {T}
 */
const deepFreeze = (x) => {
  if (typeof x === "object" && x !== null && !Object.isFrozen(x)) {
    for (const v of Object.values(x)) deepFreeze(v);
    Object.freeze(x);
  }
  return x;
};

/**
 * A table of data.js as objects: `fields` names the columns of each of `rows`, in order
 * (errdex writes both from one layout, so the runtime never counts columns).
 * @template T
 * @param {readonly string[]} fields
 * @param {readonly (readonly unknown[])[]} rows
 * @returns {T[]}
 */
function table(fields, rows) {
  return rows.map((row) => /** @type {T} */ (Object.fromEntries(fields.map((k, i) => [k, row[i]]))));
}

/**
 * Objects keyed by one of their members; `fromEntries` defines own properties, so a key
 * such as `__proto__` stays a key.
 * @template T
 * @param {readonly T[]} items
 * @param {(item: T) => string} key
 * @returns {Record<string, T>}
 */
const keyed = (items, key) => Object.fromEntries(items.map((item) => [key(item), item]));

/** The registry this module was generated from. */
export const REGISTRY = deepFreeze(data.REGISTRY);

/** Key names of the wire object (`null`: the key is not sent). */
export const WIRE = deepFreeze(data.WIRE);

/**
 * How an error becomes an MCP tool result and a JSON-RPC error object (the catalogue's
 * `profiles:`). Texts are templates over `{message}`, `{code}`, `{name}`, `{category}`,
 * `{error_type}`, `{suggestion}`, `{compact}` (the `toString()` form) and `{wire}` (the wire
 * object as compact JSON); `fields` list the facts in output order, each under `prefix` + `key`. Optional facts (argument, constraint,
 * suggestion, example, `context.<key>`, `param.<name>`) are left out when the error has none.
 */
export const PROFILES = deepFreeze(data.PROFILES);

/** Every category, keyed by its wire value, in catalogue order. */
export const CATEGORIES = deepFreeze(
  keyed(/** @type {CategoryInfo[]} */ (table(data.CATEGORY_FIELDS, data.CATEGORY_ROWS)), (c) => c.key),
);

/** Every namespace, keyed by its name, in catalogue order. */
export const NAMESPACES = deepFreeze(
  keyed(/** @type {NamespaceInfo[]} */ (table(data.NAMESPACE_FIELDS, data.NAMESPACE_ROWS)), (n) => n.key),
);

/** @type {ErrorInfo[]} */
const INFOS = table(data.ERROR_FIELDS, data.ERROR_ROWS);

/** Every live error code by its catalogue NAME: `ErrorCode.FRM_VALIDATION === "ACM-FRM-001"`. */
export const ErrorCode = deepFreeze(
  Object.fromEntries(data.ERROR_KEYS.map((k, i) => [k, /** @type {ErrorInfo} */ (INFOS[i]).code])),
);

/** Metadata of every live code, keyed by code (for catalogue order, iterate `ALL_CODES`). */
export const ERRORS = deepFreeze(keyed(INFOS, (e) => e.code));

/**
 * Every live code in catalogue order (like the Rust `ErrorCode::ALL`). Iterate this rather
 * than `ERRORS`: JavaScript enumerates integer-like keys (PostgreSQL's `22001`) first.
 */
export const ALL_CODES = deepFreeze(INFOS.map((e) => e.code));

/** Retired codes (tombstones): never used again; parsers classify them as `kind: "retired"`. */
export const RETIRED = deepFreeze(
  keyed(/** @type {RetiredInfo[]} */ (table(data.RETIRED_FIELDS, data.RETIRED_ROWS)), (r) => r.code),
);

/** Each live code's HTTP response facts, by code. */
const HTTP_CODES = new Map(
  /** @type {HttpCodeInfo[]} */ (table(data.HTTP_CODE_FIELDS, data.HTTP_CODE_ROWS)).map((h) => [h.code, h]),
);

/** The AIP-193 reasons a reader knows: the first row of a reason wins. */
/** @type {Map<string, HttpReasonInfo>} */
const HTTP_REASONS = new Map();
for (const r of /** @type {HttpReasonInfo[]} */ (table(data.HTTP_REASON_FIELDS, data.HTTP_REASON_ROWS))) {
  if (!HTTP_REASONS.has(r.reason)) HTTP_REASONS.set(r.reason, r);
}

// Wire code (current or legacy) → current code; names and aliases → current code.
/** @type {Map<string, string>} */
const BY_WIRE_CODE = new Map();
/** @type {Map<string, string>} */
const BY_NAME = new Map();
for (const info of INFOS) {
  BY_WIRE_CODE.set(info.code, info.code);
  BY_NAME.set(info.name, info.code);
  for (const alias of info.aliases) BY_NAME.set(alias, info.code);
}
for (const info of INFOS) {
  for (const legacy of info.legacyCodes) {
    if (!BY_WIRE_CODE.has(legacy)) BY_WIRE_CODE.set(legacy, info.code);
  }
}

/**
 * `true` when `x` is a live code of this catalogue (legacy codes are not).
 * @param {unknown} x
 * @returns {x is string}
 */
export function isErrorCode(x) {
  return typeof x === "string" && hasOwn(ERRORS, x);
}

/**
 * Resolves a code, legacy code, NAME or alias to the entry's metadata; `undefined` otherwise
 * (also for retired codes: see `RETIRED`).
 * @param {unknown} key
 * @returns {ErrorInfo | undefined}
 */
export function lookup(key) {
  if (typeof key !== "string") return undefined;
  const code = BY_WIRE_CODE.get(key) ?? BY_NAME.get(key);
  return code === undefined ? undefined : ERRORS[code];
}

/**
 * Renders a message or suggestion template: `{param}` takes the param's value, `{{` and
 * `}}` are literal braces. Strings read bare, numbers as `String(n)`, booleans as
 * `true`/`false`; a missing value renders empty.
 * @param {string} template
 * @param {unknown} params
 * @returns {string}
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
      out += v === undefined || v === null ? "" : displayValue(v);
      i = end + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/**
 * Whether `v` is a value of the param type `ty` (`items`: a list's item type).
 * @param {string | undefined} ty
 * @param {unknown} v
 * @param {string} [items]
 * @returns {boolean}
 */
const typeOk = (ty, v, items) =>
  ty === "string"
    ? typeof v === "string"
    : ty === "integer"
      ? typeof v === "number" && Number.isInteger(v)
      : ty === "number"
        ? typeof v === "number" && Number.isFinite(v)
        : ty === "boolean"
          ? typeof v === "boolean"
          : ty === "list"
            ? Array.isArray(v) && v.every((x) => typeOk(items, x))
            : ty === "object"
              ? isObject(v)
              : false;

/** @returns {string[]} */
const reservedKeys = () =>
  /** @type {string[]} */ (
    [WIRE.code, WIRE.message, WIRE.category, WIRE.retryable, WIRE.details].filter((k) => k !== null)
  );

/**
 * Splits the extras of a wire object into params, the well-known extras and context.
 * @param {Record<string, unknown>} x
 * @param {ErrorInfo | undefined} info
 * @param {string[]} problems
 * @returns {Extras}
 */
function readExtras(x, info, problems) {
  /** @type {Record<string, unknown>} */
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
    } else if (!typeOk(p.type, extras[p.name], p.items)) {
      problems.push(`param "${p.name}" is not a ${p.type}`);
    } else {
      put(params, p.name, extras[p.name]);
    }
  }
  /** @type {Extras} */
  const out = { params, context: {} };
  /** @param {string} k */
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

/**
 * Category retryability of an unknown code: the wire flag, else the category's default.
 * @param {unknown} category
 * @param {unknown} retryableFlag
 * @returns {boolean}
 */
function classifyUnknown(category, retryableFlag) {
  if (typeof retryableFlag === "boolean") return retryableFlag;
  return typeof category === "string" && hasOwn(CATEGORIES, category)
    ? /** @type {CategoryInfo} */ (CATEGORIES[category]).retryable
    : false;
}

/**
 * @param {Record<string, unknown>} x
 * @param {unknown} raw
 * @returns {LegacyError | InvalidError}
 */
function legacyOrInvalid(x, raw) {
  for (const k of ["error", "message"]) {
    if (hasOwn(x, k) && typeof x[k] === "string") {
      return { kind: "legacy", code: null, category: null, retryable: false, message: /** @type {string} */ (x[k]), raw };
    }
  }
  return invalid("no code and no message", raw);
}

/**
 * @param {string} reason
 * @param {unknown} raw
 * @returns {InvalidError}
 */
function invalid(reason, raw) {
  return { kind: "invalid", code: null, category: null, retryable: false, message: "", reason, raw };
}

/**
 * Classifies a code found on the wire or in a profile's facts, with what came with it.
 * @param {string} wireCode
 * @param {{
 *   message: unknown, category: unknown, retryableFlag: unknown,
 *   extras: (info: ErrorInfo | undefined, problems: string[]) => Extras,
 * }} fields
 * @param {unknown} raw
 * @returns {ParsedError}
 */
function classify(wireCode, fields, raw) {
  const { message, category, retryableFlag, extras } = fields;
  const code = BY_WIRE_CODE.get(wireCode);
  if (code !== undefined) {
    const info = /** @type {ErrorInfo} */ (ERRORS[code]);
    /** @type {string[]} */
    const problems = [];
    const read = extras(info, problems);
    if (typeof message !== "string") problems.push("the message is missing");
    if (category !== undefined && category !== info.category) {
      problems.push(`category is ${JSON.stringify(category)}, expected "${info.category}"`);
    }
    if (retryableFlag !== undefined && retryableFlag !== info.retryable) {
      problems.push(`retryable is ${JSON.stringify(retryableFlag)}, expected ${info.retryable}`);
    }
    /** @type {KnownError} */
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
    const r = /** @type {RetiredInfo} */ (RETIRED[wireCode]);
    return { kind: "retired", ...base, name: r.name, since: r.since, note: r.note };
  }
  const read = extras(undefined, []);
  /** @type {UnknownError} */
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
 * @param {unknown} x
 * @returns {ParsedError}
 */
export function parseWireError(x) {
  try {
    if (!isObject(x)) return invalid("not a JSON object", x);
    /** @param {string | null} k */
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

/**
 * `true` when `x` is a wire error of a live code that conforms to the catalogue.
 * @param {unknown} x
 * @returns {boolean}
 */
export function isWireError(x) {
  const e = parseWireError(x);
  return e.kind === "known" && e.wireCode === e.code && e.problems.length === 0 &&
    typeof (/** @type {Record<string, unknown>} */ (x))[WIRE.message] === "string";
}

// The `constraint:` line's value in the terminal form (`profiles.terminal.values: python`):
// Python's `repr()` of the value as `json.loads(JSON.stringify(v))` reads it — the same
// algorithm and table as the Rust crate's `Display`.

/**
 * Whether the code point `n` is in a range of data.js's `NON_PRINTABLE` (Python's
 * `str.isprintable()` is false for it).
 * @param {number} n
 * @returns {boolean}
 */
function isNonPrintable(n) {
  const table = data.NON_PRINTABLE;
  let lo = 0;
  let hi = table.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = /** @type {readonly [number, number]} */ (table[mid]);
    if (b < n) lo = mid + 1;
    else if (a > n) hi = mid - 1;
    else return true;
  }
  return false;
}

/**
 * @param {number} n
 * @param {number} width
 */
const hex = (n, width) => n.toString(16).padStart(width, "0");

/**
 * @param {string} s
 * @returns {string}
 */
function pyStr(s) {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const n = /** @type {number} */ (ch.codePointAt(0));
    if (ch === "\\") out += "\\\\";
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === quote) out += "\\" + ch;
    else if (n < 0x20 || n === 0x7f) out += "\\x" + hex(n, 2);
    else if (n >= 0x80 && isNonPrintable(n)) {
      out += n <= 0xff ? "\\x" + hex(n, 2) : n <= 0xffff ? "\\u" + hex(n, 4) : "\\U" + hex(n, 8);
    } else out += ch;
  }
  return out + quote;
}

/**
 * @param {number} x
 * @returns {string}
 */
function pyNumber(x) {
  if (Number.isSafeInteger(x)) return String(x);
  const [mantissa, e] = x.toExponential().split("e");
  const exp = Number(e);
  if (exp >= -4 && exp < 16) {
    const s = String(x);
    return s.includes(".") ? s : s + ".0";
  }
  return `${mantissa}e${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
}

/**
 * @param {unknown} v a JSON value
 * @returns {string}
 */
function pyRepr(v) {
  if (v === null) return "None";
  if (v === true) return "True";
  if (v === false) return "False";
  if (typeof v === "number") return pyNumber(v);
  if (typeof v === "string") return pyStr(v);
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(", ")}]`;
  return `{${Object.entries(/** @type {object} */ (v))
    .map(([k, x]) => `${pyStr(k)}: ${pyRepr(x)}`)
    .join(", ")}}`;
}

/**
 * The `constraint:` line's value in the terminal form, as `profiles.terminal.values` says:
 * Python's repr, or compact JSON.
 * @type {(v: unknown) => string}
 */
const formatValue =
  data.TERMINAL.values === "python"
    ? (v) => {
        const json = JSON.stringify(v);
        return json === undefined ? "None" : pyRepr(JSON.parse(json));
      }
    : (v) => JSON.stringify(v);

// Stands for the message while a profile text is matched against a received one.
const MESSAGE_HOLE = "\u0000errdex:message\u0000";

// Stands for the wire object while a `{wire}` profile text is matched against a received one.
const WIRE_HOLE = "\u0000errdex:wire\u0000";

/**
 * The message inside `text`, a profile text (`template`) rendered for this error: for
 * `{wire}`, the message member of the wire object the text holds; else the text around
 * `{message}` (or, for `{compact}`, around the message of the compact form) is stripped
 * when it matches; otherwise the whole text.
 * @param {string} template
 * @param {string} text
 * @param {{
 *   code: string, name: string, category: string, errorType: string,
 *   argument: unknown, constraint: unknown, suggestion: unknown,
 * }} v
 * @returns {string}
 */
function messageIn(template, text, v) {
  const wireShape = renderTemplate(template, { wire: WIRE_HOLE }).split(WIRE_HOLE);
  if (wireShape.length === 2) {
    const [before, after] = /** @type {[string, string]} */ (wireShape);
    if (text.startsWith(before) && text.endsWith(after) && text.length >= before.length + after.length) {
      /** @type {unknown} */
      let w;
      try {
        w = JSON.parse(text.slice(before.length, text.length - after.length));
      } catch {
        w = undefined;
      }
      if (isObject(w) && typeof w[WIRE.message] === "string") return /** @type {string} */ (w[WIRE.message]);
    }
  }
  let compact = v.code + (typeof v.argument === "string" ? ` \`${v.argument}\`` : "") + ": " + MESSAGE_HOLE;
  if (v.constraint !== undefined) compact += `\n  constraint: ${formatValue(v.constraint)}`;
  if (typeof v.suggestion === "string") compact += `\n  hint: ${v.suggestion}`;
  const shape = renderTemplate(template, {
    message: MESSAGE_HOLE,
    code: v.code,
    name: v.name,
    category: v.category,
    error_type: v.errorType,
    suggestion: typeof v.suggestion === "string" ? v.suggestion : "",
    compact,
  }).split(MESSAGE_HOLE);
  if (shape.length !== 2) return text;
  const [before, after] = /** @type {[string, string]} */ (shape);
  return text.startsWith(before) && text.endsWith(after) && text.length >= before.length + after.length
    ? text.slice(before.length, text.length - after.length)
    : text;
}

/**
 * Classifies the facts of a profile (`fields`, keys under `prefix`) found in `data`, with the
 * profile text `text` rendered from `template`; `undefined` when the facts carry no code.
 * @param {Record<string, unknown>} data
 * @param {readonly ProfileField[]} fields
 * @param {string} prefix
 * @param {string} template
 * @param {string} text
 * @param {unknown} raw
 * @returns {ParsedError | undefined}
 */
function classifyFacts(data, fields, prefix, template, text, raw) {
  /** @param {string} fact */
  const get = (fact) => {
    const f = fields.find((x) => x.fact === fact);
    return f !== undefined && hasOwn(data, prefix + f.key) ? data[prefix + f.key] : undefined;
  };
  const wireCode = get("code");
  if (typeof wireCode !== "string") return undefined;
  const code = BY_WIRE_CODE.get(wireCode);
  const known = code === undefined ? undefined : ERRORS[code];
  const category = get("category");
  const argument = get("argument");
  const constraint = get("constraint");
  const suggestion = get("suggestion");
  const errorType = get("error_type");
  const carried = get("message");
  const message =
    typeof carried === "string"
      ? carried
      : messageIn(template, text, {
          code: wireCode,
          name: known === undefined ? "" : known.name,
          category: typeof category === "string" ? category : known === undefined ? "" : known.category,
          errorType: typeof errorType === "string" ? errorType : known === undefined ? "" : known.class,
          argument,
          constraint,
          suggestion,
        });
  return classify(
    wireCode,
    {
      message,
      category,
      retryableFlag: get("retryable"),
      extras: (info) => {
        /** @type {Extras} */
        const out = { params: {}, context: {} };
        const params = get("params");
        for (const p of info ? info.params : []) {
          const f = fields.find((x) => x.fact === `param.${p.name}`);
          const v = f !== undefined && hasOwn(data, prefix + f.key)
            ? data[prefix + f.key]
            : isObject(params) && hasOwn(params, p.name) ? params[p.name] : undefined;
          if (v !== undefined && typeOk(p.type, v, p.items)) put(out.params, p.name, v);
        }
        const context = get("context");
        if (isObject(context)) for (const k of Object.keys(context)) put(out.context, k, context[k]);
        for (const f of fields) {
          if (f.fact.startsWith("context.") && hasOwn(data, prefix + f.key)) {
            put(out.context, f.fact.slice("context.".length), data[prefix + f.key]);
          }
        }
        if (typeof argument === "string") out.argument = argument;
        if (constraint !== undefined) out.constraint = constraint;
        if (typeof suggestion === "string") out.suggestion = suggestion;
        return out;
      },
    },
    raw,
  );
}

/**
 * Classifies a JSON-RPC error object (`{code, message, data}`) or a whole error response
 * (`{jsonrpc, id, error}`). The wire object in `data` decides (or, when
 * `PROFILES.jsonrpcError.data` lists facts, the `code` fact among them); without one, the
 * result is `kind: "legacy"` with the JSON-RPC message. Never throws.
 * @param {unknown} x
 * @returns {ParsedError}
 */
export function parseJsonRpcError(x) {
  try {
    if (!isObject(x)) return invalid("not a JSON object", x);
    const err = hasOwn(x, "jsonrpc") && isObject(x.error) ? x.error : x;
    const data = hasOwn(err, "data") ? err.data : undefined;
    const text = hasOwn(err, "message") && typeof err.message === "string" ? err.message : undefined;
    const profile = PROFILES.jsonrpcError;
    if (Array.isArray(profile.data) && isObject(data)) {
      const fields = /** @type {readonly ProfileField[]} */ (profile.data);
      const parsed = classifyFacts(data, fields, "", profile.message, text ?? "", x);
      if (parsed !== undefined) return parsed;
    } else if (isObject(data)) {
      const parsed = parseWireError(data);
      if (parsed.kind !== "invalid") return { ...parsed, raw: x };
    }
    if (text !== undefined) {
      return { kind: "legacy", code: null, category: null, retryable: false, message: text, raw: x };
    }
    return invalid("no error message", x);
  } catch (e) {
    return invalid(`unreadable payload: ${String(e)}`, x);
  }
}

/**
 * Classifies an MCP `CallToolResult` with `isError: true` in the shape of
 * `PROFILES.mcpToolError`: the code and classification come from the profile's facts in its
 * member (keys under its prefix), the message from the text content (the text around the
 * profile's `{message}` or `{compact}`; the whole text otherwise). A profile without a `code`
 * fact carries no code: its results parse as `kind: "legacy"` with the text. Never throws.
 * @param {unknown} x
 * @returns {ParsedError}
 */
export function parseMcpToolResult(x) {
  try {
    if (!isObject(x)) return invalid("not a JSON object", x);
    const content = Array.isArray(x.content) ? x.content : [];
    /** @type {unknown} */
    const first = content.find((c) => isObject(c) && c.type === "text" && typeof c.text === "string");
    const text = isObject(first) ? /** @type {string} */ (first.text) : "";
    const profile = PROFILES.mcpToolError;
    const data = hasOwn(x, profile.data) && isObject(x[profile.data])
      ? /** @type {Record<string, unknown>} */ (x[profile.data])
      : {};
    const parsed = classifyFacts(data, profile.fields, profile.prefix, profile.text, text, x);
    if (parsed !== undefined) return parsed;
    return text !== ""
      ? { kind: "legacy", code: null, category: null, retryable: false, message: text, raw: x }
      : invalid(`no code in ${profile.data} and no text`, x);
  } catch (e) {
    return invalid(`unreadable payload: ${String(e)}`, x);
  }
}

/**
 * Whether retrying may help: a code (current or legacy), a parsed error, an `AppError`, or a
 * raw wire object. Unknown input is not retryable.
 * @param {unknown} e
 * @returns {boolean}
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

/**
 * The retry advice for a code or parsed error (the code's, else its category's), or `null`.
 * A code that is not retryable may have advice too (what to fix before trying again): it is
 * advice, not permission; `isRetryable` says whether the same request may succeed.
 * @param {unknown} e
 * @returns {RetryAdvice | null}
 */
export function retryAdvice(e) {
  // An object with a string `kind` is taken for a parsed error, as it is.
  const parsed = typeof e === "string"
    ? null
    : isObject(e) && typeof e.kind === "string" ? /** @type {ParsedError} */ (e) : parseWireError(e);
  const info = typeof e === "string"
    ? lookup(e)
    : parsed && parsed.kind === "known" ? ERRORS[parsed.code] : undefined;
  if (info !== undefined) return info.retry;
  const category = parsed ? parsed.category : null;
  if (parsed && typeof category === "string" && hasOwn(CATEGORIES, category)) {
    return /** @type {CategoryInfo} */ (CATEGORIES[category]).retry;
  }
  return null;
}

// HTTP: reading an error response as the reference reader does (codegen/src/payload/http.rs,
// `read_http_response`): the same verdict, code, message and retry delay for the same status,
// headers and body bytes. Whatever a response holds, the reader never throws.

const U64_MAX = 18446744073709551615n;
const ERROR_INFO = "type.googleapis.com/google.rpc.ErrorInfo";
const RETRY_INFO = "type.googleapis.com/google.rpc.RetryInfo";
const HELP = "type.googleapis.com/google.rpc.Help";

/**
 * `true` for the code units Rust's `str::trim` removes (Unicode `White_Space`, all in the
 * BMP); JavaScript's `trim` differs (it removes U+FEFF and keeps U+0085).
 * @param {number} c
 * @returns {boolean}
 */
const isRustSpace = (c) =>
  (c >= 0x9 && c <= 0xd) || c === 0x20 || c === 0x85 || c === 0xa0 || c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f ||
  c === 0x205f || c === 0x3000;

/**
 * @param {string} s
 * @returns {string}
 */
function rustTrim(s) {
  let a = 0;
  let b = s.length;
  while (a < b && isRustSpace(s.charCodeAt(a))) a++;
  while (b > a && isRustSpace(s.charCodeAt(b - 1))) b--;
  return s.slice(a, b);
}

/**
 * A decimal text as a u64 times `scale` plus `add`, or `null` past u64 (Rust's checked
 * arithmetic), as a number.
 * @param {string} digits
 * @param {bigint} scale
 * @param {bigint} add
 * @returns {number | null}
 */
function checkedU64(digits, scale, add) {
  const n = BigInt(digits);
  if (n > U64_MAX) return null;
  const v = n * scale + add;
  return v > U64_MAX ? null : Number(v);
}

const DIGITS = /^[0-9]+$/;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/**
 * Seconds since 1970 of an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), else `null`.
 * @param {string} s
 * @returns {number | null}
 */
function imfFixdate(s) {
  // Every one of the 29 positions is an ASCII character of the format.
  if (s.length !== 29 || !/^[\x00-\x7f]*$/.test(s)) return null;
  if (s.slice(3, 5) !== ", " || s.slice(25) !== " GMT" || !DAYS.includes(s.slice(0, 3))) return null;
  if (s[7] !== " " || s[11] !== " " || s[16] !== " " || s[19] !== ":" || s[22] !== ":") return null;
  /**
   * @param {number} a
   * @param {number} b
   */
  const num = (a, b) => {
    const part = s.slice(a, b);
    return DIGITS.test(part) ? Number(part) : null;
  };
  const day = num(5, 7);
  const month = MONTHS.indexOf(s.slice(8, 11)) + 1;
  const year = num(12, 16);
  const h = num(17, 19);
  const m = num(20, 22);
  const sec = num(23, 25);
  if (day === null || month === 0 || year === null || h === null || m === null || sec === null) return null;
  if (day < 1 || day > 31 || h > 23 || m > 59 || sec > 60) return null;
  // Days from the civil date (Howard Hinnant's algorithm), as the reference.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  const days = era * 146097 + doe - 719468;
  return days * 86400 + h * 3600 + m * 60 + sec;
}

/**
 * `Retry-After` in milliseconds: delay-seconds, or an IMF-fixdate minus the `Date` header.
 * @param {string} value
 * @param {string | undefined} date
 * @returns {number | null}
 */
function retryAfterMs(value, date) {
  const v = rustTrim(value);
  if (DIGITS.test(v)) return checkedU64(v, 1000n, 0n);
  const at = imfFixdate(v);
  if (at === null || date === undefined) return null;
  const now = imfFixdate(rustTrim(date));
  return now === null ? null : Math.max(0, (at - now) * 1000);
}

/**
 * A protobuf `Duration` in JSON (`1.5s`, `0.500s`, `3s`) in whole milliseconds, else `null`.
 * @param {string} s
 * @returns {number | null}
 */
function durationMs(s) {
  if (!s.endsWith("s")) return null;
  const digits = s.slice(0, -1);
  const dot = digits.indexOf(".");
  const whole = dot < 0 ? digits : digits.slice(0, dot);
  const frac = dot < 0 ? "" : digits.slice(dot + 1);
  if (dot >= 0 && frac === "") return null;
  if (!DIGITS.test(whole) || !/^[0-9]*$/.test(frac) || frac.length > 9) return null;
  return checkedU64(whole, 1000n, BigInt(frac.padEnd(3, "0").slice(0, 3)));
}

/** A lone surrogate: text no UTF-8 body can hold (serde_json refuses its escapes). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The body as the reference parses it (serde_json), `undefined` where it refuses it: not
 * JSON, nesting deeper than 127, a number out of range, a lone surrogate.
 * @param {string} text
 * @returns {unknown}
 */
function parseJsonBody(text) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth >= 128) return undefined;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  try {
    return JSON.parse(text, (k, v) => {
      if (LONE_SURROGATE.test(k) || (typeof v === "string" && LONE_SURROGATE.test(v))) throw new SyntaxError("lone surrogate");
      if (typeof v === "number" && !Number.isFinite(v)) throw new SyntaxError("number out of range");
      return v;
    });
  } catch {
    return undefined;
  }
}

/**
 * The headers as `[name, value]` pairs in order: pairs, a `Headers` object or a `Map`, or a
 * record (Node's `IncomingHttpHeaders`: a list value is each of its items).
 * @param {unknown} headers
 * @returns {[string, string][]}
 */
function headerPairs(headers) {
  /** @type {[string, string][]} */
  const out = [];
  if (headers === null || typeof headers !== "object") return out;
  if (Symbol.iterator in headers) {
    for (const pair of /** @type {Iterable<unknown>} */ (headers)) {
      if (Array.isArray(pair) && typeof pair[0] === "string" && typeof pair[1] === "string") out.push([pair[0], pair[1]]);
    }
    return out;
  }
  for (const [k, v] of Object.entries(headers)) {
    for (const item of Array.isArray(v) ? v : [v]) if (typeof item === "string") out.push([k, item]);
  }
  return out;
}

/**
 * The first header of that name (names compared in ASCII case only, as HTTP does).
 * @param {[string, string][]} pairs
 * @param {string} lower
 * @returns {string | undefined}
 */
function header(pairs, lower) {
  const hit = pairs.find(([n]) => n.length === lower.length && n.replace(/[A-Z]/g, (c) => c.toLowerCase()) === lower);
  return hit === undefined ? undefined : hit[1];
}

/**
 * @param {unknown} v
 * @returns {string | null}
 */
const textOf = (v) => (typeof v === "string" ? v : null);

/**
 * @param {Record<string, unknown>} o
 * @param {string} k
 * @returns {unknown}
 */
const member = (o, k) => (hasOwn(o, k) ? o[k] : undefined);

/**
 * The body's text: a string as it is, bytes as strict UTF-8 (`undefined` when they are not).
 * @param {unknown} body
 * @returns {string | undefined}
 */
function bodyText(body) {
  if (typeof body === "string") return body;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) {
    try {
      return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(body);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * @param {HttpReading} reading
 * @param {unknown} value
 */
function readBody(reading, value) {
  if (isObject(value) && isObject(member(value, "error"))) {
    // Google's JSON error of AIP-193.
    const error = /** @type {Record<string, unknown>} */ (member(value, "error"));
    const details = member(error, "details");
    /** @param {string} ty */
    const detail = (ty) => {
      const d = Array.isArray(details) ? details.find((x) => isObject(x) && member(x, "@type") === ty) : undefined;
      return isObject(d) ? d : undefined;
    };
    reading.message = textOf(member(error, "message"));
    const info = detail(ERROR_INFO);
    const reason = info === undefined ? null : textOf(member(info, "reason"));
    if (reading.retryAfterMs === null) {
      const retry = detail(RETRY_INFO);
      const delay = retry === undefined ? null : textOf(member(retry, "retryDelay"));
      reading.retryAfterMs = delay === null ? null : durationMs(delay);
    }
    const known = reason === null ? undefined : HTTP_REASONS.get(reason);
    if (known !== undefined) {
      reading.kind = known.kind;
      reading.code = known.code;
    } else if (reason !== null && reading.message !== null) {
      reading.kind = "unknown";
      reading.code = reason;
    } else if (reason === null && reading.message !== null) {
      reading.kind = "legacy";
    } else {
      reading.message = null;
    }
    return;
  }
  if (isObject(value) && typeof member(value, "type") === "string" && typeof member(value, "status") === "number") {
    // RFC 9457 problem details.
    const code = textOf(member(value, "code"));
    const detailText = textOf(member(value, "detail"));
    if (code !== null && (BY_WIRE_CODE.has(code) || hasOwn(RETIRED, code) || detailText !== null)) {
      reading.kind = BY_WIRE_CODE.has(code) ? "known" : hasOwn(RETIRED, code) ? "retired" : "unknown";
      reading.code = code;
      reading.message = detailText;
    } else if (detailText !== null || typeof member(value, "title") === "string") {
      reading.kind = "legacy";
      reading.message = detailText ?? textOf(member(value, "title"));
    }
    return;
  }
  // The wire object.
  reading.kind = parseWireError(value).kind;
  if (!isObject(value)) return;
  if (reading.kind === "known" || reading.kind === "retired" || reading.kind === "unknown") {
    reading.code = textOf(member(value, WIRE.code));
    reading.message = textOf(member(value, WIRE.message));
  } else if (reading.kind === "legacy") {
    reading.message = textOf(member(value, "error")) ?? textOf(member(value, "message"));
  }
}

/**
 * Reads an HTTP error response as every errdex client does (the reference reader of the Rust
 * side): the verdict (`known`, `unknown`, `retired`, `legacy` or `invalid`), the code as
 * received, the message, and how long to wait before retrying (`Retry-After` in seconds or
 * as an HTTP-date against `Date`, else a Google body's RetryInfo). The body may be problem
 * details, the wire object or Google's JSON error, whatever this catalogue sends. `headers`
 * are `[name, value]` pairs, a `Headers` or `Map`, or a record; `body` the text, or the bytes
 * (strict UTF-8). Never throws.
 * @param {number} status
 * @param {unknown} headers
 * @param {unknown} body
 * @returns {HttpReading}
 */
export function readHttpResponse(status, headers, body) {
  /** @type {HttpReading} */
  const reading = { kind: "invalid", code: null, message: null, status: typeof status === "number" ? status : 0, retryAfterMs: null };
  try {
    const pairs = headerPairs(headers);
    const retryAfter = header(pairs, "retry-after");
    if (retryAfter !== undefined) reading.retryAfterMs = retryAfterMs(retryAfter, header(pairs, "date"));
    const text = bodyText(body);
    const value = text === undefined ? undefined : parseJsonBody(text);
    if (value !== undefined) readBody(reading, value);
  } catch {
    // A hostile headers object (a throwing getter or iterator): nothing more is read.
  }
  return reading;
}

/**
 * Reads a `fetch` `Response` (anything with `status`, iterable `headers` and
 * `arrayBuffer()`) as `readHttpResponse` does. `fetch` joins repeated headers with `, `, so
 * two `Retry-After` headers read as none. Never rejects: a body that cannot be read is no body.
 * @param {{ status: number, headers: unknown, arrayBuffer(): Promise<ArrayBuffer> }} response
 * @returns {Promise<HttpReading>}
 */
export async function readFetchResponse(response) {
  /** @type {unknown} */
  let body;
  try {
    body = await response.arrayBuffer();
  } catch {
    body = undefined;
  }
  let status = 0;
  /** @type {unknown} */
  let headers;
  try {
    status = response.status;
    headers = response.headers;
  } catch {
    // Read as a response without status and headers.
  }
  return readHttpResponse(status, headers, body);
}

/**
 * A param value inside a message: a list's items joined by ", ", an object as compact JSON.
 * @param {unknown} v
 * @returns {string}
 */
function displayValue(v) {
  if (typeof v === "string") return v;
  if (Array.isArray(v)) return v.map(displayValue).join(", ");
  if (v !== null && typeof v === "object") return JSON.stringify(v);
  return String(v);
}

/**
 * A raised error of this catalogue, rendering the same wire, MCP and JSON-RPC shapes as the
 * Rust crate. The root of the module's error classes; index.js exports it under data.js's
 * `ROOT_CLASS` (`AppError` unless the catalogue takes that name).
 */
class AppError extends Error {
  /** @type {boolean} */
  #expected;
  /** @type {string} */
  #errorType;

  /**
   * @param {unknown} code
   * @param {unknown} params
   * @param {AppErrorOptions} [options]
   */
  constructor(code, params, options) {
    const info = isErrorCode(code) ? ERRORS[code] : lookup(code);
    if (info === undefined) throw new TypeError(`unknown error code ${JSON.stringify(code)}`);
    /** @type {Record<string, unknown>} */
    const values = {};
    for (const p of info.params) {
      const v = isObject(params) && hasOwn(params, p.name) ? params[p.name] : undefined;
      if (!typeOk(p.type, v, p.items)) {
        throw new TypeError(`${info.code}: param "${p.name}" must be a ${p.type}`);
      }
      put(values, p.name, v);
    }
    /** @type {Record<string, string>} */
    const shown = {};
    for (const [k, v] of Object.entries(values)) put(shown, k, displayValue(v));
    const message = typeof options?.message === "string" ? options.message : renderTemplate(info.message, shown);
    super(message, options && options.cause !== undefined ? { cause: options.cause } : undefined);
    this.#errorType = typeof options?.errorType === "string" ? options.errorType : info.class;
    this.#expected = typeof options?.expected === "boolean" ? options.expected : info.expected;
    this.name = this.#errorType;
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
    return /** @type {ErrorInfo} */ (ERRORS[this.code]);
  }

  /** The error type: the raise site's `errorType`, else the code's class (also `name`). */
  get errorType() {
    return this.#errorType;
  }

  /** `true`: user/agent-correctable; the raise site's `expected`, else the code's. */
  get expected() {
    return this.#expected;
  }

  /** `"warn"` for an expected error, `"error"` for an operator fault. */
  get logLevel() {
    return this.#expected ? "warn" : "error";
  }

  /** `CODE[ \`argument\`]: message`, then `constraint:` and `hint:` lines (the Rust `Display`). */
  toString() {
    let s = this.code;
    if (this.argument !== undefined) s += ` \`${this.argument}\``;
    s += `: ${this.message}`;
    if (this.constraint !== undefined) s += `\n  constraint: ${formatValue(this.constraint)}`;
    if (this.suggestion !== undefined) s += `\n  hint: ${this.suggestion}`;
    return s;
  }

  /**
   * @param {readonly string[]} taken
   * @returns {Record<string, unknown>}
   */
  #extras(taken) {
    const out = {};
    /**
     * @param {string} k
     * @param {unknown} v
     */
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

  /**
   * The wire object in this registry's shape: the reserved members in `WIRE.order`, then flat extras.
   * @returns {Record<string, unknown>}
   */
  toWire() {
    const w = {};
    const extras = this.#extras(reservedKeys());
    for (const field of WIRE.order) {
      const key = WIRE[field];
      if (key === null) continue;
      if (field === "code") put(w, key, this.code);
      else if (field === "message") put(w, key, this.message);
      else if (field === "category") put(w, key, this.category);
      else if (field === "retryable") put(w, key, this.retryable);
      else put(w, key, extras);
    }
    if (WIRE.details === null) for (const k of Object.keys(extras)) put(w, k, extras[k]);
    return w;
  }

  /**
   * The value of one profile fact; `undefined` when this error has none.
   * @param {string} fact
   * @returns {unknown}
   */
  #fact(fact) {
    const info = this.info;
    /** @param {string} k */
    const ctx = (k) => (hasOwn(this.context, k) ? this.context[k] : undefined);
    switch (fact) {
      case "code": return this.code;
      case "name": return info.name;
      case "category": return this.category;
      case "retryable": return this.retryable;
      case "expected": return this.expected;
      case "error_type": return this.errorType;
      case "message": return this.message;
      case "summary": return info.summary;
      case "docs_url": return info.docsUrl;
      case "argument": return this.argument;
      case "constraint": return this.constraint;
      case "suggestion": return this.suggestion;
      case "example": {
        // The raise site's, else the `example:` of the param the argument names.
        const v = ctx("example");
        if (v !== undefined) return v;
        const p = info.params.find((q) => q.name === this.argument);
        return p === undefined ? undefined : p.example;
      }
      case "params": {
        const out = {};
        for (const p of info.params) put(out, p.name, this.params[p.name]);
        return out;
      }
      case "context": {
        const out = {};
        for (const [k, v] of Object.entries(this.context)) put(out, k, v);
        return out;
      }
      case "wire": return this.toWire();
    }
    if (fact.startsWith("context.")) return ctx(fact.slice("context.".length));
    if (fact.startsWith("param.")) {
      const name = fact.slice("param.".length);
      return info.params.some((p) => p.name === name) ? this.params[name] : undefined;
    }
    return undefined;
  }

  /**
   * A profile's facts in its order, each under `prefix` + its key.
   * @param {readonly ProfileField[]} fields
   * @param {string} prefix
   * @returns {Record<string, unknown>}
   */
  #profileFields(fields, prefix) {
    const out = {};
    for (const f of fields) {
      const v = this.#fact(f.fact);
      if (v !== undefined) put(out, prefix + f.key, v);
    }
    return out;
  }

  /**
   * A profile text (`{message}`, `{compact}`, `{wire}` (the wire object as compact JSON), ...).
   * @param {string} template
   * @returns {string}
   */
  #profileText(template) {
    return renderTemplate(template, {
      message: this.message,
      code: this.code,
      name: this.info.name,
      category: this.category,
      error_type: this.errorType,
      suggestion: this.suggestion ?? "",
      compact: this.toString(),
      wire: template.includes("{wire}") ? JSON.stringify(this.toWire()) : "",
    });
  }

  /**
   * An MCP `CallToolResult` with `isError: true` in the shape of `PROFILES.mcpToolError`: the
   * profile's text, `resultType` when it has one, then its member holding its facts.
   * @returns {Record<string, unknown>}
   */
  toMcpToolResult() {
    const p = PROFILES.mcpToolError;
    /** @type {Record<string, unknown>} */
    const out = { content: [{ type: "text", text: this.#profileText(p.text) }], isError: true };
    if (p.resultType !== null) out.resultType = p.resultType;
    put(out, p.data, this.#profileFields(p.fields, p.prefix));
    return out;
  }

  /**
   * The tool response envelope an agent runtime feeds back to a model:
   * `{id, content: JSON.stringify(this.toWire()), is_error: true}` (the same bytes as the
   * Rust `Error::to_tool_response`).
   * @param {unknown} id
   */
  toToolResponse(id) {
    return { id, content: JSON.stringify(this.toWire()), is_error: true };
  }

  /**
   * A JSON-RPC error object in the shape of `PROFILES.jsonrpcError`: `{code, message, data}`
   * with `data` the wire object, the profile's facts, or absent.
   * @returns {{ code: number, message: string, data?: Record<string, unknown> }}
   */
  toJsonRpcError() {
    const p = PROFILES.jsonrpcError;
    /** @type {{ code: number, message: string, data?: Record<string, unknown> }} */
    const out = { code: this.info.jsonrpcCode, message: this.#profileText(p.message) };
    if (p.data === "wire") out.data = this.toWire();
    else if (Array.isArray(p.data)) out.data = this.#profileFields(/** @type {readonly ProfileField[]} */ (p.data), "");
    return out;
  }

  /**
   * RFC 9457 problem details.
   * @returns {Record<string, unknown>}
   */
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

  /**
   * Google's JSON error of AIP-193: `{error: {code, message, status, details: [ErrorInfo,
   * RetryInfo?, Help]}}`, ErrorInfo's `metadata` every param as a string (a string as it is,
   * any other value as compact JSON).
   * @returns {{ error: Record<string, unknown> }}
   */
  toGoogleError() {
    const info = this.info;
    const http = /** @type {HttpCodeInfo} */ (HTTP_CODES.get(this.code));
    /** @type {Record<string, string>} */
    const metadata = {};
    for (const p of info.params) {
      const v = this.params[p.name];
      put(metadata, p.name, typeof v === "string" ? v : String(JSON.stringify(v)));
    }
    /** @type {Record<string, unknown>[]} */
    const details = [{ "@type": ERROR_INFO, reason: http.reason, domain: PROFILES.http.domain, metadata }];
    if (http.retryDelay !== null) details.push({ "@type": RETRY_INFO, retryDelay: http.retryDelay });
    details.push({ "@type": HELP, links: [{ description: info.summary, url: info.docsUrl }] });
    return { error: { code: info.httpStatus, message: this.message, status: http.googleStatus, details } };
  }

  /**
   * The HTTP error response of this error under `PROFILES.http`: the code's status, the
   * headers in order (`Content-Type`, then `Retry-After` in seconds where the code's
   * responses carry it), the body as the exact text to send (problem details, the wire
   * object or Google's error, compact JSON), and the level to log it at (`logLevel`).
   * Header values come from numbers and fixed words only, never from catalogue or raise-site
   * text.
   * @returns {HttpErrorResponse}
   */
  toHttpResponse() {
    const p = PROFILES.http;
    const http = /** @type {HttpCodeInfo} */ (HTTP_CODES.get(this.code));
    const body = p.body === "problem" ? this.toProblemJson() : p.body === "wire" ? this.toWire() : this.toGoogleError();
    /** @type {[string, string][]} */
    const headers = [["Content-Type", p.contentType]];
    if (http.retryAfter !== null) headers.push(["Retry-After", String(http.retryAfter)]);
    return { status: this.info.httpStatus, headers, body: JSON.stringify(body), logLevel: this.logLevel };
  }

  /**
   * `toHttpResponse()` as a web-standard `Response` (Hono, Deno, Bun, Workers, Next.js).
   * @returns {Response}
   */
  toResponse() {
    const r = this.toHttpResponse();
    return new Response(r.body, { status: r.status, headers: r.headers });
  }
}

// The root class carries the name index.js exports it under (`AppError`, or `ErrdexError`
// when the catalogue has a class of its own named `AppError`).
Object.defineProperty(AppError, "name", { value: data.ROOT_CLASS });

/**
 * Every error class by name: the root, then each class of data.js's `CLASS_ROWS` (after its
 * parent), named as the catalogue names it.
 * @type {Record<string, typeof AppError>}
 */
const CLASSES = {};
put(CLASSES, data.ROOT_CLASS, AppError);
for (const c of /** @type {ClassInfo[]} */ (table(data.CLASS_FIELDS, data.CLASS_ROWS))) {
  const Parent = /** @type {typeof AppError} */ (CLASSES[c.parent]);
  // A class defined as a computed key's value takes the key as its name.
  put(CLASSES, c.name, { [c.name]: class extends Parent {} }[c.name]);
}
Object.freeze(CLASSES);

/**
 * Creates an error for a code with its typed params: an instance of the code's class.
 * @param {unknown} code
 * @param {unknown} params
 * @param {AppErrorOptions} [options]
 * @returns {AppError}
 */
export function createError(code, params, options) {
  const info = isErrorCode(code) ? ERRORS[code] : lookup(code);
  const Class = info !== undefined && hasOwn(CLASSES, info.class) ? /** @type {typeof AppError} */ (CLASSES[info.class]) : AppError;
  return new Class(code, params, options);
}

/**
 * Hono's `app.onError` handler (any handler of `(err, c) => Response` fits): an error of this
 * catalogue becomes its HTTP response (`toResponse()`), logged at its `logLevel` through
 * `log` (default: `console.warn` / `console.error` with the terminal form). An error with a
 * `getResponse()` (Hono's `HTTPException`) answers with its own response; any other error
 * goes to `fallback`, else a bare `500` (logged as an error). Takes Hono's objects
 * structurally: the package does not depend on Hono.
 * @param {{
 *   log?: (level: "warn" | "error", err: unknown) => void,
 *   fallback?: (err: unknown, c: unknown) => Response | Promise<Response>,
 * }} [options]
 * @returns {(err: unknown, c?: unknown) => Response | Promise<Response>}
 */
export function honoOnError(options) {
  const log = options?.log ?? ((level, err) => console[level](String(err)));
  return (err, c) => {
    if (err instanceof AppError) {
      log(err.logLevel, err);
      return err.toResponse();
    }
    const own = isObject(err) && typeof err.getResponse === "function" ? err.getResponse() : undefined;
    if (own instanceof Response) return own;
    if (options?.fallback !== undefined) return options.fallback(err, c);
    log("error", err);
    return new Response("Internal Server Error", { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  };
}

// The classes by name, for index.js, which exports each under its name. A default export,
// so that index.js's `export *` (which never re-exports `default`) leaves it out of the API.
export default CLASSES;
