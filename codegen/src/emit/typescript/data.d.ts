// The shape of data.js, the catalogue's data that errdex generates into every package
// (`emit::typescript::rows`), as runtime.js reads it. Not shipped: it lets `tsc --strict
// --checkJs` check runtime.js as a file (codegen/tests/ts_runtime.rs), and a test holds its
// export list to the one data.js is written with.
//
// Each table is a `*_FIELDS` list, the names of its columns in order, and `*_ROWS`, one array
// of values per row: runtime.js zips them into objects, so the columns are declared once, by
// the layouts in codegen/src/emit/typescript/rows.rs that write both.

/** Retry advice; `null` members were not given in the catalogue. */
export interface RetryAdvice {
  readonly maxAttempts: number | null;
  readonly initialBackoffMs: number | null;
  readonly advice: string | null;
}

/** One member of a profile's structured data: its output key and the fact it carries. */
export interface ProfileField {
  readonly key: string;
  readonly fact: string;
}

/** A reserved member of the wire object, by role. */
export type WireField = "code" | "message" | "category" | "retryable" | "details";

/** The registry (index.d.ts: `REGISTRY`). */
export declare const REGISTRY: {
  readonly name: string;
  readonly title: string;
  readonly packageName: string;
  readonly mcpMetaPrefix: string;
  readonly class: string;
};

/** Key names of the wire object, `null` where the key is not sent (index.d.ts: `WIRE`). */
export declare const WIRE: {
  readonly code: string;
  readonly message: string;
  readonly category: string | null;
  readonly retryable: string | null;
  readonly details: string | null;
  readonly order: readonly WireField[];
};

/** The MCP and JSON-RPC profiles (index.d.ts: `PROFILES`). */
export declare const PROFILES: {
  readonly mcpToolError: {
    readonly text: string;
    readonly data: string;
    readonly prefix: string;
    readonly resultType: string | null;
    readonly fields: readonly ProfileField[];
  };
  readonly jsonrpcError: {
    readonly message: string;
    readonly data: "wire" | null | readonly ProfileField[];
  };
  readonly http: HttpProfile;
};

/** The HTTP profile (`profiles.http`; index.d.ts: `PROFILES.http`). */
export interface HttpProfile {
  readonly body: "problem" | "wire" | "google";
  readonly contentType: string;
  readonly domain: string;
  readonly reason: "name" | "code";
  readonly retryAfter: boolean;
}

/** The terminal form (`profiles.terminal`): how the constraint line prints its value. */
export declare const TERMINAL: { readonly values: "json" | "python" };

/**
 * The code points Python's `repr()` escapes, as sorted inclusive `[lo, hi]` ranges (empty
 * unless `TERMINAL.values` is `"python"`).
 */
export declare const NON_PRINTABLE: readonly (readonly [number, number])[];

/** The name index.js exports the root error class under. */
export declare const ROOT_CLASS: string;

/** The error classes below the root, each after its parent: `name`, `parent`. */
export declare const CLASS_FIELDS: readonly string[];
export declare const CLASS_ROWS: readonly (readonly unknown[])[];

/** The categories, in catalogue order (index.d.ts: `CategoryInfo`). */
export declare const CATEGORY_FIELDS: readonly string[];
export declare const CATEGORY_ROWS: readonly (readonly unknown[])[];

/** The namespaces, in catalogue order (index.d.ts: `NamespaceInfo`). */
export declare const NAMESPACE_FIELDS: readonly string[];
export declare const NAMESPACE_ROWS: readonly (readonly unknown[])[];

/** The live codes, in catalogue order (index.d.ts: `ErrorInfo`). */
export declare const ERROR_FIELDS: readonly string[];
export declare const ERROR_ROWS: readonly (readonly unknown[])[];
/** Each live code's key in `ErrorCode`, row by row of `ERROR_ROWS`. */
export declare const ERROR_KEYS: readonly string[];

/** The retired codes (index.d.ts: `RetiredInfo`). */
export declare const RETIRED_FIELDS: readonly string[];
export declare const RETIRED_ROWS: readonly (readonly unknown[])[];

/** Each live code's AIP-193 reason and `Retry-After` seconds, row by row of `ERROR_ROWS`. */
export declare const HTTP_CODE_FIELDS: readonly string[];
export declare const HTTP_CODE_ROWS: readonly (readonly unknown[])[];

/** The AIP-193 reasons a reader knows, in search order (the first row of a reason wins). */
export declare const HTTP_REASON_FIELDS: readonly string[];
export declare const HTTP_REASON_ROWS: readonly (readonly unknown[])[];
