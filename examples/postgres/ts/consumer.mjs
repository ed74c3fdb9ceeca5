// @ts-check
// A database layer's error handling over PostgreSQL SQLSTATEs, using only the generated
// module: a driver error (`{code: "22012", message, severity}` as node-postgres reports it)
// becomes a named condition of a class; an unknown SQLSTATE falls back to its class's
// generic code (`XX000`), as the SQL standard and PostgreSQL's docs tell clients to do;
// serialization failures and deadlocks rerun the transaction per the catalogue's advice.
//
// Run the demo: node examples/postgres/ts/demo.mjs

import { ALL_CODES, ERRORS, NAMESPACES, lookup, retryAdvice } from "../generated/ts/index.js";

/** @typedef {import("../generated/ts/index.js").ErrorInfo} ErrorInfo */
/** @typedef {import("../generated/ts/index.js").Namespace} Namespace */

/**
 * The condition a SQLSTATE names.
 * @typedef {object} Condition
 * @property {string} sqlstate    as received
 * @property {string} name        the condition's catalogue NAME (`DIVISION_BY_ZERO`)
 * @property {boolean} exact      false: an unknown SQLSTATE mapped to its class's generic code
 * @property {string | null} classKey    `CLASS_22`
 * @property {string | null} classTitle  `Data Exception`
 * @property {string} category    `invalid`, `rollback`, `warning`, ...
 * @property {boolean} retryable
 */

/**
 * @param {string} sqlstate a five-character SQLSTATE, or a condition name / alias
 * @returns {Condition | null}
 */
export function condition(sqlstate) {
  let info = lookup(sqlstate);
  const exact = info !== undefined;
  if (info === undefined && /^[0-9A-Z]{5}$/.test(sqlstate)) {
    // Unknown code: use the class's generic code, `<class>000`.
    info = lookup(`${sqlstate.slice(0, 2)}000`);
  }
  if (info === undefined) return null;
  const ns = info.namespace;
  return {
    sqlstate,
    name: info.name,
    exact,
    classKey: ns,
    classTitle: ns === null ? null : NAMESPACES[ns].title,
    category: info.category,
    retryable: info.retryable,
  };
}

/**
 * Every class with its number of conditions, in catalogue order.
 * @returns {{classKey: Namespace, title: string, count: number}[]}
 */
export function classes() {
  return Object.values(NAMESPACES).map((ns) => ({
    classKey: ns.key,
    title: ns.title,
    count: ALL_CODES.filter((c) => ERRORS[c].namespace === ns.key).length,
  }));
}

/**
 * Runs `tx` and reruns it while it fails with a retryable SQLSTATE (serialization failure,
 * deadlock, lost connection), as often as the code's retry advice allows.
 * @template T
 * @param {() => Promise<T>} tx
 * @param {{sleep?: (ms: number) => Promise<void>}} [options]
 * @returns {Promise<T>}
 */
export async function inTransaction(tx, options = {}) {
  const sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  for (let attempt = 1; ; attempt++) {
    try {
      return await tx();
    } catch (e) {
      const code = typeof e === "object" && e !== null && "code" in e && typeof e.code === "string" ? e.code : "";
      const advice = retryAdvice(code);
      if (advice === null || attempt >= (advice.maxAttempts ?? 1)) throw e;
      await sleep((advice.initialBackoffMs ?? 0) * 2 ** (attempt - 1));
    }
  }
}

/** The demo `node demo.mjs` prints (see the README). */
export async function demo() {
  for (const s of ["22012", "23505", "40001", "01000", "00000", "UNDEFINED_CURSOR", "22ZZZ"]) {
    const c = condition(s);
    console.log(`${s.padEnd(16)} -> ${c?.name} (${c?.classKey}: ${c?.classTitle}; ${c?.category}${c?.retryable ? ", retryable" : ""}${c?.exact ? "" : "; class fallback"})`);
  }
  const all = classes();
  console.log(`\n${all.length} classes, ${ALL_CODES.length} codes; the largest:`);
  for (const c of [...all].sort((a, b) => b.count - a.count).slice(0, 3)) console.log(`  ${c.classKey} ${c.title}: ${c.count}`);
  let runs = 0;
  const result = await inTransaction(
    async () => {
      if (++runs < 3) throw Object.assign(new Error("could not serialize access"), { code: "40001" });
      return "committed";
    },
    { sleep: async () => {} },
  );
  console.log(`\ntransaction ${result} after ${runs} runs (${retryAdvice("40001")?.advice})`);
}
