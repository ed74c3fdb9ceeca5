// A client of the orders service (../SERVERS.md) on Node's `fetch`, reading error responses
// with the generated package's `readFetchResponse` (the reader every errdex client shares).
//
//   node examples/http-api/ts/client.mjs <base-url> failures   one JSON line per failure of
//       SERVERS.md: the request, the status, Content-Type, Retry-After, the body's text
//   node examples/http-api/ts/client.mjs <base-url> retries    the retrying client below on a
//       `burst-` token (429, then served) and on `o-3`'s payment (503 every time), as JSON
//
// cli/tests/http_api_ts.rs runs both against the running server and compares with errdex's
// reference rendering.

import { ERRORS, isErrorCode, readFetchResponse } from "../generated/ts/index.js";

/**
 * `fetch` that honours the server's retry advice: on a retryable failure it waits as long as
 * `Retry-After` says (else the code's `initialBackoffMs`) and tries again, up to the code's
 * `maxAttempts`. Returns the last response, its reading (for a failure) and each wait.
 * @param {string} url
 * @param {RequestInit} init
 */
export async function fetchWithRetry(url, init) {
  const waits = [];
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, init);
    if (response.ok) return { response, reading: null, waits };
    const reading = await readFetchResponse(response);
    const info = reading.kind === "known" && isErrorCode(reading.code) ? ERRORS[reading.code] : undefined;
    const delay = reading.retryAfterMs ?? info?.retry?.initialBackoffMs ?? null;
    const maxAttempts = info?.retry?.maxAttempts ?? 1;
    if (info === undefined || !info.retryable || delay === null || attempt >= maxAttempts) {
      return { response, reading, waits };
    }
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, delay));
    waits.push({ status: response.status, delayMs: delay, waitedMs: Math.round(performance.now() - started) });
  }
}

/** Each failure of SERVERS.md: its label, method, path, token and body. */
const FAILURES = [
  ["no Authorization", "GET", "/orders/o-1", null, null],
  ["empty bearer token", "GET", "/orders/o-1", "", null],
  ["not a bearer token", "GET", "/orders/o-1", "Basic", null],
  ["first request of a burst- token", "GET", "/orders/o-1", "burst-failures", null],
  ["read-only token writes", "POST", "/orders", "read-only", '{"item":"book","quantity":1}'],
  ["unknown order", "GET", "/orders/o-42", "test", null],
  ["unknown order with odd characters", "GET", "/orders/%22o%C3%A9%22", "test", null],
  ["body not JSON", "POST", "/orders", "test", "{not json"],
  ["body a JSON array", "POST", "/orders", "test", "[1,2]"],
  ["no body", "POST", "/orders", "test", ""],
  ["item missing", "POST", "/orders", "test", '{"quantity":1}'],
  ["item empty", "POST", "/orders", "test", '{"item":"","quantity":1}'],
  ["quantity missing", "POST", "/orders", "test", '{"item":"book"}'],
  ["quantity a fraction", "POST", "/orders", "test", '{"item":"book","quantity":1.5}'],
  ["quantity 1.0", "POST", "/orders", "test", '{"item":"book","quantity":1.0}'],
  ["quantity a boolean", "POST", "/orders", "test", '{"item":"book","quantity":true}'],
  ["quantity 0", "POST", "/orders", "test", '{"item":"book","quantity":0}'],
  ["quantity 1001", "POST", "/orders", "test", '{"item":"book","quantity":1001}'],
  ["pay a paid order", "POST", "/orders/o-2/payment", "test", null],
  ["pay with the payment service down", "POST", "/orders/o-3/payment", "test", null],
  ["pay an unknown order", "POST", "/orders/o-9/payment", "test", null],
];

/**
 * @param {string | null} token
 * @param {string | null} body
 * @param {string} method
 */
const init = (method, token, body) => ({
  method,
  headers: {
    ...(token === null ? {} : { Authorization: token === "Basic" ? "Basic dXNlcjpwdw==" : `Bearer ${token}` }),
    ...(body === null ? {} : { "Content-Type": "application/json" }),
  },
  ...(body === null ? {} : { body }),
});

const [base, mode] = process.argv.slice(2);
if (mode === "failures") {
  for (const [label, method, path, token, body] of FAILURES) {
    const response = await fetch(base + path, init(method, token, body));
    const text = await response.text();
    const line = {
      label, method, path,
      status: response.status,
      contentType: response.headers.get("content-type"),
      retryAfter: response.headers.get("retry-after"),
      body: text,
    };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
} else if (mode === "retries") {
  const out = {};
  for (const [label, method, path, token] of [
    ["burst", "GET", "/orders/o-1", `burst-${process.pid}`],
    ["unavailable", "POST", "/orders/o-3/payment", "test"],
  ]) {
    const { response, reading, waits } = await fetchWithRetry(base + path, init(method, token, null));
    out[label] = { status: response.status, body: reading === null ? await response.json() : null, reading, waits };
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
} else {
  process.stderr.write("usage: client.mjs <base-url> failures|retries\n");
  process.exitCode = 2;
}
