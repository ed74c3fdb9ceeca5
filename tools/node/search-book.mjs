// Searches a built mdBook in headless Chromium and times it, as a reader meets it:
//
// - cold: a fresh browser (no cache) opens `index.html?search=QUERY` (mdBook's search link):
//   the page loads, the search index script is fetched and parsed, the search runs; timed
//   from the navigation to the first result in the list;
// - warm: with the index loaded, the query is typed into the search bar again (after another
//   query): timed in the page from the keystroke to the results being drawn.
//
// For each query it also reports where the expected page ranks among the results (1 = first).
//
// Usage: node search-book.mjs BOOK_DIR QUERIES.json [RUNS]
// QUERIES: [{"label", "query", "expect" (a result link must contain it)}]
// Prints one JSON object per query: {label, query, rank, results, cold_ms: [...], warm_ms: [...],
// page_load_median_ms (to the page's DOMContentLoaded, within the cold time)},
// then {"index_bytes"}; exits 1 when a query does not find its page, 2 when it cannot run.
import { createServer } from 'node:http';
import { readFileSync, readdirSync, existsSync, statSync } from 'node:fs';
import { join, extname, resolve, sep } from 'node:path';
import { chromium } from 'playwright-core';

const [bookDir, queriesPath, runsArg] = process.argv.slice(2);
if (!bookDir || !queriesPath) {
  console.error('usage: node search-book.mjs BOOK_DIR QUERIES.json [RUNS]');
  process.exit(2);
}
const runs = Number(runsArg ?? 5);
const queries = JSON.parse(readFileSync(queriesPath, 'utf8'));
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.txt': 'text/plain',
};

const base = resolve(bookDir);
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  let file = resolve(join(base, path));
  if (file !== base && !file.startsWith(base + sep)) { res.writeHead(403).end(); return; }
  if (path.endsWith('/')) file = join(file, 'index.html');
  if (!existsSync(file)) { res.writeHead(404).end('not found'); return; }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const origin = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.ERRDEX_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
}).catch((e) => { console.error(`cannot launch chromium: ${e.message}`); process.exit(2); });

// Runs in the page: the links of the results, in order.
// mdBook writes `page.html?highlight=…#fragment`: the query is dropped.
const resultLinks = () => [...document.querySelectorAll('#mdbook-searchresults li a')]
  .map((a) => a.getAttribute('href').replace(/\?[^#]*/, ''));

// Runs in the page: types `q` into the search bar and times until the results are drawn.
function typeAndTime(q) {
  const bar = document.getElementById('mdbook-searchbar');
  const list = document.getElementById('mdbook-searchresults');
  bar.value = q;
  const t0 = performance.now();
  bar.dispatchEvent(new KeyboardEvent('keyup', { key: 'Enter' }));
  // mdBook searches and draws synchronously in the keyup handler.
  const t1 = performance.now();
  return { ms: t1 - t0, results: list.children.length };
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
let failed = false;
try {
  for (const q of queries) {
    const cold = [];
    const loaded = [];
    const warm = [];
    let links = [];
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const t0 = Date.now();
      // DOMContentLoaded: the page itself, before the search index it asks for (which holds
      // back the load event).
      await page.goto(`${origin}/index.html?search=${encodeURIComponent(q.query)}`, { waitUntil: 'domcontentloaded', timeout: 300000 });
      loaded.push(Date.now() - t0);
      await page.waitForSelector('#mdbook-searchresults li', { timeout: 300000 });
      cold.push(Date.now() - t0);
      links = await page.evaluate(resultLinks);
      // Warm: another query first, so mdBook does not skip the same search twice.
      await page.evaluate(typeAndTime, 'zzzz');
      warm.push((await page.evaluate(typeAndTime, q.query)).ms);
      await context.close();
    }
    // The expected page, as the link names it (`page.html` matches `page.html#anything`).
    const rank = links.findIndex((l) => l === q.expect || l.startsWith(`${q.expect}#`)) + 1;
    if (rank === 0) failed = true;
    console.log(JSON.stringify({ label: q.label, query: q.query, expect: q.expect, rank, results: links.length,
      cold_ms: cold, cold_median_ms: median(cold), page_load_median_ms: median(loaded), warm_ms: warm.map((x) => Math.round(x * 10) / 10), warm_median_ms: Math.round(median(warm) * 10) / 10 }));
  }
} finally {
  await browser.close();
  server.close();
}
const index = readdirSync(base).find((f) => f.startsWith('searchindex') && f.endsWith('.js'));
console.log(JSON.stringify({ index_bytes: index ? statSync(join(base, index)).size : null }));
process.exit(failed ? 1 : 0);
