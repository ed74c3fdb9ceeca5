// {{ header }}
//
// {{ title_comment|safe }}: types of index.js.

/** A category's wire value. */
export type Category = {{ category_union|safe }};

/** A namespace's name. */
export type Namespace = {{ namespace_union|safe }};

/** The name of an error class of this module (the registry's base class first). */
export type ErrorClassName = {{ class_union|safe }};

/** How an error should be logged: `"warn"` when expected, `"error"` for an operator fault. */
export type LogLevel = "warn" | "error";

/** The type of a message param. */
export type ParamType = "string" | "integer" | "number" | "boolean" | "list" | "object";

/** The item type of a `list` param. */
export type ParamScalar = "string" | "integer" | "number" | "boolean";

/** Retry advice; `null` members were not given in the catalogue. */
export interface RetryAdvice {
  readonly maxAttempts: number | null;
  readonly initialBackoffMs: number | null;
  readonly advice: string | null;
}

export interface CategoryInfo<K extends string = Category> {
  readonly key: K;
  readonly summary: string;
  readonly retryable: boolean;
  readonly retry: RetryAdvice | null;
  readonly exitCode: number;
  readonly httpStatus: number;
  readonly jsonrpcCode: number;
  /** `true`: user/agent-correctable (log at WARN); `false`: operator fault (log at ERROR). */
  readonly expected: boolean;
}

export interface NamespaceInfo<K extends string = Namespace> {
  readonly key: K;
  readonly title: string;
  readonly summary: string | null;
  readonly codePrefix: string | null;
  /** The error class the namespace declares for its codes (`null`: the registry's base class). */
  readonly class: ErrorClassName | null;
}

/** The registry this module was generated from. */
export declare const REGISTRY: {
  readonly name: {{ registry.name.js()|safe }};
  readonly title: string;
  readonly packageName: {{ registry.npm_name.js()|safe }};
  readonly mcpMetaPrefix: {{ registry.mcp_meta_prefix.js()|safe }};
  /** The base error class. */
  readonly class: {{ registry.class.js()|safe }};
};

/** Key names of the wire object (`null`: the key is not sent). */
export declare const WIRE: {
  readonly code: {{ wire.code.js()|safe }};
  readonly message: {{ wire.message.js()|safe }};
  readonly category: {{ wire.category.js()|safe }};
  readonly retryable: {{ wire.retryable.js()|safe }};
  readonly details: {{ wire.details.js()|safe }};
  /** The reserved members' order in `toWire()` (the catalogue's `wire:` block order). */
  readonly order: readonly {{ wire_order.js()|safe }};
};

/**
 * A fact a profile carries: `argument`, `constraint`, `suggestion`, `example`,
 * `context.<key>` and `param.<name>` are left out when the error has none.
 */
export type ProfileFact =
  | "code" | "name" | "category" | "retryable" | "expected" | "error_type" | "message"
  | "summary" | "docs_url" | "argument" | "constraint" | "suggestion" | "example" | "params"
  | "context" | "wire" | `context.${string}` | `param.${string}`;

/** One member of a profile's structured data: its output key and the fact it carries. */
export interface ProfileField {
  readonly key: string;
  readonly fact: ProfileFact;
}

/**
 * How an error becomes an MCP tool result and a JSON-RPC error object (the catalogue's
 * `profiles:`). Texts are templates over `{message}`, `{code}`, `{name}`, `{category}`,
 * `{error_type}`, `{suggestion}`, `{compact}` and `{wire}` (the wire object as compact JSON).
 */
export declare const PROFILES: {
  readonly mcpToolError: {
    readonly text: string;
    /** The result member that holds the facts. */
    readonly data: {{ profiles.mcp_member.js()|safe }};
    /** Prefix of every key of `fields`. */
    readonly prefix: string;
    /** The `resultType` member (`null`: left out). */
    readonly resultType: {{ profiles.mcp_result_type.js()|safe }};
    readonly fields: readonly ProfileField[];
  };
  readonly jsonrpcError: {
    readonly message: string;
    /** `"wire"`: the wire object; `null`: no `data`; else these facts. */
    readonly data: {{ profiles.jsonrpc_data_type|safe }};
  };
  /** How an error becomes an HTTP response (`profiles.http`). */
  readonly http: {
    /** The body: RFC 9457 problem details, the wire object, or Google's JSON error of AIP-193. */
    readonly body: "problem" | "wire" | "google";
    /** The `Content-Type` of every error response. */
    readonly contentType: string;
    /** AIP-193 `ErrorInfo.domain`. */
    readonly domain: string;
    /** Where AIP-193 `ErrorInfo.reason` comes from: the NAME in UPPER_SNAKE, or the code. */
    readonly reason: "name" | "code";
    /** Whether retryable codes send `Retry-After`. */
    readonly retryAfter: boolean;
  };
};

/** Every category, keyed by its wire value, in catalogue order. */
export declare const CATEGORIES: {
{%- for c in categories %}
{{ c.doc|safe }}
  readonly {{ c.key.js()|safe }}: CategoryInfo<{{ c.key.js()|safe }}> & { readonly retryable: {{ c.retryable }} };
{%- endfor %}
};

/** Every namespace, keyed by its name, in catalogue order. */
export declare const NAMESPACES: {
{%- for n in namespaces %}
{{ n.doc|safe }}
  readonly {{ n.key.js()|safe }}: NamespaceInfo<{{ n.key.js()|safe }}>;
{%- endfor %}
};

/** Every live error code by its catalogue NAME: `ErrorCode.{{ example_key }} === {{ example_code.js()|safe }}`. */
export declare const ErrorCode: {
{%- for e in errors %}
{{ e.doc|safe }}
  readonly {{ e.ts_key.js()|safe }}: {{ e.code.js()|safe }};
{%- endfor %}
};

/** A live error code of this catalogue (a string-literal union: the keys of `TypesByCode`). */
export type ErrorCode = keyof TypesByCode;

/** Every live code in catalogue order (JavaScript enumerates integer-like object keys first). */
export declare const ALL_CODES: readonly ErrorCode[];

/** A retired code (a tombstone: never used again). */
export type RetiredCode = {{ retired_union|safe }};

export interface ParamInfo {
  readonly name: string;
  readonly type: ParamType;
  /** The item type of a `list` param. */
  readonly items?: ParamScalar;
  /** The param's `example:` value, when the catalogue gives one. */
  readonly example?: unknown;
}

export interface Deprecation {
  readonly since: string | null;
  /** The code that replaces this one. */
  readonly replacedBy: ErrorCode | null;
  readonly note: string | null;
}

/** Catalogue metadata of one code, every default applied. */
export interface ErrorInfo {
  readonly code: ErrorCode;
  /** The stable catalogue NAME, e.g. `FRM_VALIDATION`. */
  readonly name: string;
  readonly namespace: Namespace | null;
  readonly category: Category;
  /** One line, for tables. */
  readonly summary: string;
  /** The message template: `{param}` placeholders, `{{ "{{" }}` and `{{ "}}" }}` for literal braces. */
  readonly message: string;
  readonly params: readonly ParamInfo[];
  /** The suggestion template, or `null`. */
  readonly suggestion: string | null;
  readonly retryable: boolean;
  readonly retry: RetryAdvice | null;
  readonly exitCode: number;
  readonly httpStatus: number;
  readonly jsonrpcCode: number;
  /** `true`: user/agent-correctable (log at WARN); `false`: operator fault (log at ERROR). */
  readonly expected: boolean;
  readonly docsUrl: string;
  readonly since: string | null;
  readonly deprecated: Deprecation | null;
  readonly aliases: readonly string[];
  /** Former wire codes that still parse to this code. */
  readonly legacyCodes: readonly string[];
  /** The code's error class (`createError` returns one). */
  readonly class: ErrorClassName;
}

/**
 * One set of literal facts shared by codes (category, retry flag, log level, exit code, HTTP
 * status, JSON-RPC code). Codes point at a shared set through `TypesByCode` instead of each
 * carrying its own object type, which keeps `tsc` fast on large catalogues.
 */
export interface CodeFacts {
  readonly category: Category;
  readonly retryable: boolean;
  readonly expected: boolean;
  readonly exitCode: number;
  readonly httpStatus: number;
  readonly jsonrpcCode: number;
  readonly class: ErrorClassName;
}
{% for f in facts %}
export interface CodeFacts{{ loop.index0 }} extends CodeFacts {
  readonly category: {{ f.category.js()|safe }};
  readonly retryable: {{ f.retryable }};
  readonly expected: {{ f.expected }};
  readonly exitCode: {{ f.exit_code }};
  readonly httpStatus: {{ f.http_status }};
  readonly jsonrpcCode: {{ f.jsonrpc_code }};
  readonly class: {{ f.class.js()|safe }};
}
{% endfor %}
/** The params of a code that has none. */
export interface NoParameters {}
{% for p in shapes %}
/** Params shared by codes (their `XxxParams` types name this one). */
export interface CodeParams{{ loop.index0 }} {
{%- for p in p.params %}
  readonly {{ p.name.js()|safe }}: {{ p.ts_type|safe }};
{%- endfor %}
}
{% endfor %}
{%- for g in groups %}
type CodeGroup{{ loop.index0 }} = {{ g.codes|safe }};

/** The facts and params of the codes `CodeGroup{{ loop.index0 }}`. */
export interface CodeTypes{{ loop.index0 }} {
  readonly facts: CodeFacts{{ g.facts }};
  readonly params: {{ g.params }};
}
{% endfor %}
/** Each of the codes `K` mapped to `T`. */
type ByCodes<K extends string, T> = { readonly [C in K]: T };

/**
 * The literal facts and the params of every live code, keyed by code. Each code's entry comes
 * from its group (the codes that share facts and params), so no code is listed here twice.
 */
export interface TypesByCode{% if !groups.is_empty() %} extends{% endif %}
{%- for g in groups %}
  ByCodes<CodeGroup{{ loop.index0 }}, CodeTypes{{ loop.index0 }}>{% if !loop.last %},{% endif %}
{%- endfor %} {}

/** The literal facts of the codes `C`. */
export type FactsOf<C extends ErrorCode> = TypesByCode[C]["facts"];

/** The params of the codes `C`. */
export type ParamsOf<C extends ErrorCode> = TypesByCode[C]["params"];

// One alias per fact read below: declarations that use them index `TypesByCode` once, here.
type CategoryOf<C extends ErrorCode> = TypesByCode[C]["facts"]["category"];
type RetryableOf<C extends ErrorCode> = TypesByCode[C]["facts"]["retryable"];
type ClassOf<C extends ErrorCode> = TypesByCode[C]["facts"]["class"];

/** The literal facts of every live code. */
export type FactsByCode = { readonly [C in ErrorCode]: FactsOf<C> };

/** The params of every live code. */
export type ParamsByCode = { readonly [C in ErrorCode]: ParamsOf<C> };

/** Catalogue metadata of codes that share the facts `F`, as literal types. */
export interface ErrorInfoWith<F extends CodeFacts> extends ErrorInfo {
  readonly category: F["category"];
  readonly retryable: F["retryable"];
  readonly expected: F["expected"];
  readonly exitCode: F["exitCode"];
  readonly httpStatus: F["httpStatus"];
  readonly jsonrpcCode: F["jsonrpcCode"];
  readonly class: F["class"];
}

/** Catalogue metadata of one code, with its code and facts as literal types. */
export interface ErrorInfoOf<C extends ErrorCode> extends ErrorInfoWith<FactsOf<C>> {
  readonly code: C;
}

/**
 * Metadata of every live code, keyed by code (for catalogue order, iterate `ALL_CODES`).
 * `ERRORS[code]` has the code's facts as literal types; codes that share facts share one
 * type, so indexing with the whole `ErrorCode` union stays cheap for `tsc`.
 */
export declare const ERRORS: { readonly [C in ErrorCode]: ErrorInfoWith<FactsOf<C>> };

export interface RetiredInfo {
  readonly code: RetiredCode;
  readonly name: string | null;
  readonly since: string | null;
  readonly note: string | null;
}

/** A retired code's tombstone. */
export interface RetiredInfoOf<C extends RetiredCode> extends RetiredInfo {
  readonly code: C;
}

/** Retired codes (tombstones). */
export declare const RETIRED: { readonly [C in RetiredCode]: RetiredInfoOf<C> };

{%- for e in errors %}{% if !e.params.is_empty() %}
{%- if !compact %}
/** Params of `{{ e.code_doc|safe }}` ({{ e.name }}).{% if e.deprecated_doc.is_some() %} @deprecated{% endif %} */
{%- else if e.deprecated_doc.is_some() %}
/** @deprecated */
{%- endif %}
export type {{ e.params_type }} = {{ e.params_shape }};
{% endif %}{% endfor %}
/** Extras every wire error may carry besides its params: errdex's own, then free context. */
export interface WireExtras {
  readonly argument?: string;
  readonly constraint?: unknown;
  readonly suggestion?: string;
  readonly [key: string]: unknown;
}
{% if let Some(k) = wire.details %}
/** The wire object of one code (`P`: its params, nested under {{ k.js()|safe }}). */
export interface WireErrorOf<C extends ErrorCode, P = ParamsOf<C>> {
{%- else %}
/** The wire object of one code (`P`: its params). */
export type WireErrorOf<C extends ErrorCode, P = ParamsOf<C>> = P & WireExtras & {
{%- endif %}
  readonly {{ wire.code.js()|safe }}: C;
  readonly {{ wire.message.js()|safe }}: string;
{%- if let Some(k) = wire.category %}
  readonly {{ k.js()|safe }}: CategoryOf<C>;
{%- endif %}
{%- if let Some(k) = wire.retryable %}
  readonly {{ k.js()|safe }}: RetryableOf<C>;
{%- endif %}
{%- if let Some(k) = wire.details %}
  readonly {{ k.js()|safe }}: P & WireExtras;
  readonly [key: string]: unknown;
}
{%- else %}
};
{%- endif %}

/**
 * A conforming wire error of a live code: a union discriminated by the code key {{ wire.code.js()|safe }}
 * (`switch (w[{{ wire.code.js()|safe }}])` narrows params and facts). Codes with the same facts and params
 * share one member, which keeps the union small.
 */
export type WireError ={{ wire_union|safe }};

/** A parsed error of a live code (or one of its legacy codes). */
export interface KnownErrorOf<C extends ErrorCode, P = ParamsOf<C>> {
  readonly kind: "known";
  /** The live code (a legacy code on the wire is mapped to it). */
  readonly code: C;
  /** The code as it was on the wire. */
  readonly wireCode: string;
  /** The catalogue NAME. */
  readonly name: string;
  /** From the catalogue. */
  readonly category: CategoryOf<C>;
  /** From the catalogue. */
  readonly retryable: RetryableOf<C>;
  readonly message: string;
  /** The params found on the wire with the declared type (a missing or mistyped one is absent and listed in `problems`). */
  readonly params: Partial<P>;
  readonly argument?: string;
  readonly constraint?: unknown;
  readonly suggestion?: string;
  /** Every other extra. */
  readonly context: Readonly<Record<string, unknown>>;
  /** What does not match the catalogue (missing message, mistyped param, other category…); empty when the payload conforms. */
  readonly problems: readonly string[];
  readonly raw: unknown;
}

/**
 * A parsed error of a live code: a union discriminated by `code` (`switch (e.code)` narrows
 * params and facts). Codes with the same facts and params share one member.
 */
export type KnownError ={{ known_union|safe }};

/** A code this module does not know (a newer catalogue), classified by the wire's category and retryable flag. */
export interface UnknownError {
  readonly kind: "unknown";
  readonly code: string;
  readonly category: string | null;
  readonly retryable: boolean;
  readonly message: string;
  readonly argument?: string;
  readonly constraint?: unknown;
  readonly suggestion?: string;
  readonly context: Readonly<Record<string, unknown>>;
  readonly raw: unknown;
}

/** A retired code: it may be sent by an old peer, never by a current one. */
export interface RetiredError {
  readonly kind: "retired";
  readonly code: RetiredCode;
  readonly name: string | null;
  readonly since: string | null;
  readonly note: string | null;
  readonly category: string | null;
  readonly retryable: boolean;
  readonly message: string;
  readonly raw: unknown;
}

/**
 * A legacy payload: an object whose code key does not hold a string, or holds a string that
 * is no code of the catalogue (live, legacy or retired) while the message key does not hold
 * a string; and that has a string under `error` or else `message` (its message), such as
 * `{"error": "text"}`.
 */
export interface LegacyError {
  readonly kind: "legacy";
  readonly code: null;
  readonly category: null;
  readonly retryable: false;
  readonly message: string;
  readonly raw: unknown;
}

/** Not an error payload at all. */
export interface InvalidError {
  readonly kind: "invalid";
  readonly code: null;
  readonly category: null;
  readonly retryable: false;
  readonly message: "";
  readonly reason: string;
  readonly raw: unknown;
}

/** What the parsers return: discriminated by `kind`. */
export type ParsedError = KnownError | UnknownError | RetiredError | LegacyError | InvalidError;

/** `true` when `x` is a live code of this catalogue (legacy codes are not). */
export declare function isErrorCode(x: unknown): x is ErrorCode;

/** Resolves a code, legacy code, NAME or alias to its metadata. */
export declare function lookup(key: string): ErrorInfo | undefined;

/** Renders a message or suggestion template with param values. */
export declare function renderTemplate(template: string, params: Readonly<Record<string, unknown>>): string;

/**
 * Classifies any value received as a wire error. Never throws. A live or legacy code is
 * `known`, a retired code `retired`, another code string with a string message `unknown`.
 * A payload is `legacy` when it is a JSON object whose code key does not hold a string, or
 * holds a string that is no code of the catalogue (live, legacy or retired) while the
 * message key does not hold a string; and it has a string under `error` or else `message`:
 * that string is its message. Otherwise, without a code, it is `invalid`.
 */
export declare function parseWireError(x: unknown): ParsedError;

/** `true` when `x` is a conforming wire error of a live code. */
export declare function isWireError(x: unknown): x is WireError;

/** Classifies a JSON-RPC error object or error response. Never throws. */
export declare function parseJsonRpcError(x: unknown): ParsedError;

/** Classifies an MCP `CallToolResult` with `isError: true`. Never throws. */
export declare function parseMcpToolResult(x: unknown): ParsedError;

/** Whether retrying may help. */
export declare function isRetryable(e: unknown): boolean;

/**
 * The retry advice that applies (the code's, else its category's), or `null`. A code that is
 * not retryable may carry advice too: what to fix before trying again. Advice is not
 * permission to retry; ask `isRetryable`.
 */
export declare function retryAdvice(e: unknown): RetryAdvice | null;

export interface AppErrorOptions {
  /** The offending input, shown in backticks. */
  readonly argument?: string;
  /** The violated constraint (any JSON). */
  readonly constraint?: unknown;
  /** Replaces the catalogue suggestion. */
  readonly suggestion?: string;
  /** Free context; never replaces a reserved key or a param. */
  readonly context?: Readonly<Record<string, unknown>>;
  readonly cause?: unknown;
  /** Replaces the rendered message (a raise site that words it itself). */
  readonly message?: string;
  /** Overrides the code's `expected` for this occurrence (and so `logLevel`). */
  readonly expected?: boolean;
  /** Overrides the error type (`name`, the profile fact `error_type`), e.g. the base class a framework raises. */
  readonly errorType?: string;
}

/** An MCP `CallToolResult` for a tool error. */
export interface McpToolErrorResult {
  readonly content: readonly [{ readonly type: "text"; readonly text: string }];
  readonly isError: true;
{%- if let Some(t) = profiles.mcp_result_type %}
  readonly resultType: {{ t.js()|safe }};
{%- endif %}
  /** The profile's facts (`PROFILES.mcpToolError`). */
  readonly {{ profiles.mcp_member.js()|safe }}: Readonly<Record<string, unknown>>;
}

/** The tool response envelope an agent runtime feeds back to a model. */
export interface ToolResponse<I = unknown> {
  readonly id: I;
  /** The wire object serialised as compact JSON (`JSON.stringify(err.toWire())`). */
  readonly content: string;
  readonly is_error: true;
}

/** A JSON-RPC error object. */
export interface JsonRpcErrorObject<C extends ErrorCode = ErrorCode, W = WireError> {
  readonly code: number;
  readonly message: string;
{%- if profiles.jsonrpc_data_kind == "wire" %}
  /** The wire object (`W`: the discriminated `WireError` union unless one code is known). */
  readonly data: W;
{%- else if profiles.jsonrpc_data_kind == "omitted" %}
  /** The profile sends no `data` (`W` is unused). */
  readonly data?: undefined;
{%- else %}
  /** The profile's facts (`PROFILES.jsonrpcError.data`; `W` is unused). */
  readonly data: Readonly<Record<string, unknown>>;
{%- endif %}
}

/** RFC 9457 problem details. */
export interface ProblemJson {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: ErrorCode;
  readonly category: Category;
  readonly retryable: boolean;
  readonly [key: string]: unknown;
}

/** Google's JSON error of AIP-193. */
export interface GoogleError {
  readonly error: {
    readonly code: number;
    readonly message: string;
    readonly status: string;
    /** ErrorInfo (`reason`, `domain`, `metadata`), RetryInfo when retryable, Help. */
    readonly details: readonly Readonly<Record<string, unknown>>[];
  };
}

/** An HTTP error response to send (`toHttpResponse()`). */
export interface HttpErrorResponse {
  readonly status: number;
  /** `Content-Type`, then `Retry-After` (seconds) where the code's responses carry it. */
  readonly headers: readonly (readonly [string, string])[];
  /** The body's exact text (compact JSON). */
  readonly body: string;
  /** The level to log this response at: `"warn"` when expected, `"error"` otherwise. */
  readonly logLevel: LogLevel;
}

/** What a client makes of an HTTP error response (`readHttpResponse`). */
export interface HttpReading {
  /**
   * `known` (a live or legacy code of this catalogue), `unknown` (another code, with a
   * message), `retired`, `legacy` (a message without a code) or `invalid`.
   */
  readonly kind: "known" | "unknown" | "retired" | "legacy" | "invalid";
  /** The code as received (for an AIP-193 reason of this catalogue: its code); `null` for legacy and invalid bodies. */
  readonly code: string | null;
  /** The message as received. */
  readonly message: string | null;
  readonly status: number;
  /** How long to wait before retrying, as the response says (`Retry-After`, else RetryInfo). */
  readonly retryAfterMs: number | null;
}

/** Response headers: `[name, value]` pairs, a `Headers` or a `Map`, or a record (Node's `IncomingHttpHeaders`). */
export type HttpHeadersInput =
  | Iterable<readonly [string, string]>
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * Reads an HTTP error response as every errdex client does: the verdict, the code, the
 * message and the retry delay (`Retry-After` in seconds or as an HTTP-date against `Date`,
 * else a Google body's RetryInfo). The body may be any shape of the HTTP profile, or a legacy
 * or foreign one; bytes are read as strict UTF-8. Never throws.
 */
export declare function readHttpResponse(
  status: number,
  headers: HttpHeadersInput,
  body: string | Uint8Array | ArrayBuffer,
): HttpReading;

/** What `readFetchResponse` needs of a `fetch` `Response`. */
export interface FetchResponseLike {
  readonly status: number;
  readonly headers: Iterable<readonly [string, string]>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/**
 * Reads a `fetch` `Response` as `readHttpResponse` does (`fetch` joins repeated headers, so
 * two `Retry-After` headers read as none). Never rejects.
 */
export declare function readFetchResponse(response: FetchResponseLike): Promise<HttpReading>;

export interface HonoOnErrorOptions {
  /** Logs an error at its level (default: `console.warn` / `console.error`). */
  readonly log?: (level: LogLevel, err: unknown) => void;
  /** Answers errors that are not this catalogue's (default: a bare `500`). */
  readonly fallback?: (err: unknown, c: unknown) => Response | Promise<Response>;
}

/**
 * Hono's `app.onError` handler: an error of this catalogue becomes its HTTP response,
 * logged at its `logLevel`; an error with `getResponse()` (Hono's `HTTPException`) answers
 * with its own; any other goes to `fallback`, else a bare `500`. Structural: the package does
 * not depend on Hono.
 */
export declare function honoOnError(options?: HonoOnErrorOptions): (err: unknown, c?: unknown) => Response | Promise<Response>;

/** A raised error of this catalogue; renders the same shapes as the Rust crate. */
export declare class {{ root_class }}<C extends ErrorCode = ErrorCode> extends Error {
  constructor(code: C, params: ParamsOf<C>, options?: AppErrorOptions);
  readonly code: C;
  readonly category: CategoryOf<C>;
  readonly retryable: RetryableOf<C>;
  readonly params: Readonly<ParamsOf<C>>;
  readonly argument: string | undefined;
  readonly constraint: unknown;
  readonly suggestion: string | undefined;
  readonly context: Readonly<Record<string, unknown>>;
  /** The error type: the raise site's `errorType`, else the code's class. */
  readonly name: string;
  /** The catalogue metadata of this error's code. */
  get info(): ErrorInfoOf<C>;
  /** The error type: the raise site's `errorType`, else the code's class. */
  get errorType(): string;
  /** The raise site's `expected`, else the code's. */
  get expected(): boolean;
  /** `"warn"` when expected, `"error"` otherwise. */
  get logLevel(): LogLevel;
  /** The compact terminal form. */
  toString(): string;
  toWire(): WireErrorOf<C>;
  toMcpToolResult(): McpToolErrorResult;
  /** `{id, content: <the wire object as compact JSON>, is_error: true}`. */
  toToolResponse<I>(id: I): ToolResponse<I>;
  toJsonRpcError(): JsonRpcErrorObject<C, WireErrorOf<C>>;
  toProblemJson(): ProblemJson;
  /** Google's JSON error of AIP-193. */
  toGoogleError(): GoogleError;
  /** The HTTP error response under `PROFILES.http`: status, headers, the body's exact text, the log level. */
  toHttpResponse(): HttpErrorResponse;
  /** `toHttpResponse()` as a web-standard `Response`. */
  toResponse(): Response;
}

{%- for c in classes %}

{{ c.doc|safe }}
export declare class {{ c.name }}<C extends ErrorCode = ErrorCode> extends {{ c.parent }}<C> {}
{%- endfor %}

/** The instance type of every error class, for the codes `C`. */
export interface ErrorInstanceByClass<C extends ErrorCode = ErrorCode> {
{%- for n in class_names %}
  readonly {{ n.js()|safe }}: {{ n }}<C>;
{%- endfor %}
}

/** What `createError` returns for a code: an instance of the code's class. */
export type ErrorInstanceOf<C extends ErrorCode> = ErrorInstanceByClass<C>[ClassOf<C>];

/** Creates an error for a code with its typed params: an instance of the code's class. */
export declare function createError<C extends ErrorCode>(code: C, params: ParamsOf<C>, options?: AppErrorOptions): ErrorInstanceOf<C>;
