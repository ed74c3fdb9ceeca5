// Opens built mdBook references in headless Chromium and checks what a reader sees:
//
// 1. at each width (1280 and 1920 px), no page overflows the content column: `.content`
//    and `main` do not scroll sideways, and every table's right edge lies inside `main`
//    (mdBook wraps tables in a scrolling `.table-wrapper`, so a too-wide table hides its
//    last columns without widening the page: its own box is what shows it);
// 2. each code's docs URL, mapped onto the local book, lands on that code's heading: the
//    element with the fragment's id is an `h2` (a section of a namespace's page) or the
//    `h1` (the code's own page) whose text starts with the code; without a fragment, the
//    page's `h1` is the code's (at the first width: where a link lands does not depend on
//    the width);
// 3. no link in the sidebar is cut off at its edge (long codes and names wrap);
// 4. each redirect of the book (`output.html.redirect`), opened at its old address, ends on
//    its target: the code's heading, or the tombstone's row on the retired page (at the
//    first width too).
//
// Usage: node check-books.mjs MANIFEST.json ARTIFACTS_DIR
// MANIFEST: {"books": [{"name", "dir" (built HTML), "codes": [{"code", "page", "fragment"}],
//            "redirects": [{"from", "page", "fragment", "code", "tombstone"}]}]}
// Screenshots (JPEG: one per page and width, the viewport, and one per redirect's landing) go
// to ARTIFACTS_DIR/<book>/.
// The (book, width) checks run a few at a time in one browser (one per core, at most four;
// ERRDEX_BROWSER_LANES sets the number).
// Prints one line per book; exits 1 with every failure listed, 2 when it cannot run.
import { createServer } from 'node:http';
import { readFileSync, readdirSync, mkdirSync, existsSync, statSync } from 'node:fs';
import { join, extname, resolve, sep, relative } from 'node:path';
import { availableParallelism } from 'node:os';
import { chromium } from 'playwright-core';

const [manifestPath, artifacts] = process.argv.slice(2);
if (!manifestPath || !artifacts) {
  console.error('usage: node check-books.mjs MANIFEST.json ARTIFACTS_DIR');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const WIDTHS = [1280, 1920];
// Screenshots are for a person to look at: JPEG encodes in half PNG's time (50 against 100 ms
// a shot, about 250 of them).
const SHOT = { type: 'jpeg', quality: 80 };
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.txt': 'text/plain',
};

/** A static server over `root` on 127.0.0.1 (an ephemeral port). */
function serve(root) {
  const base = resolve(root);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = resolve(join(base, path));
    if (file !== base && !file.startsWith(base + sep)) { res.writeHead(403).end(); return; }
    if (path.endsWith('/')) file = join(file, 'index.html');
    if (!existsSync(file)) { res.writeHead(404).end('not found'); return; }
    // Cacheable, as a docs host serves a book (GitHub Pages sends max-age=600; mdBook names
    // its assets by content hash): without it Chromium fetched and ran every stylesheet,
    // script and font again on each of the ~1,100 loads, 0.33 s a page against 0.19 s.
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'max-age=600',
    });
    res.end(readFileSync(file));
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(server)));
}

// Runs in the page: what overflows the content column.
function overflow() {
  const problems = [];
  const content = document.querySelector('.content');
  const main = document.querySelector('.content main');
  if (!content || !main) return ['no .content main element'];
  for (const [what, el] of [['.content', content], ['main', main]]) {
    if (el.scrollWidth > el.clientWidth + 1) {
      problems.push(`${what} scrolls sideways: scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth}`);
    }
  }
  const box = main.getBoundingClientRect();
  document.querySelectorAll('.content main table').forEach((t, i) => {
    const r = t.getBoundingClientRect();
    if (r.right > box.right + 1 || r.left < box.left - 1) {
      const head = [...t.querySelectorAll('th')].map((th) => th.textContent.trim()).join(' | ');
      problems.push(`table ${i + 1} (${head}) spans ${Math.round(r.left)}..${Math.round(r.right)} px, main is ${Math.round(box.left)}..${Math.round(box.right)} px`);
    }
  });
  return problems;
}

// Runs in the page: sidebar links whose text is cut off at the sidebar's edge.
function sidebarCuts() {
  const box = document.querySelector('.sidebar .sidebar-scrollbox');
  if (!box) return [];
  const edge = box.getBoundingClientRect().right;
  const cut = [];
  document.querySelectorAll('.sidebar .chapter a').forEach((a) => {
    const r = a.getBoundingClientRect();
    if (r.width === 0) return; // folded away
    if (a.scrollWidth > a.clientWidth + 1 || r.right > edge + 1) cut.push(`"${a.textContent.trim().slice(0, 60)}" (right edge ${Math.round(r.right)} px, sidebar ${Math.round(edge)} px)`);
  });
  return cut;
}

// Runs in the page: what the element with id `frag` is (the page's title when `frag` is
// empty: a code's own page).
function landing([frag, code]) {
  const el = frag ? document.getElementById(frag) : document.querySelector('main h1');
  if (!el) return frag ? `no element has id "${frag}"` : 'the page has no h1';
  const text = el.textContent.replace(/\s+/g, ' ').trim();
  if (el.tagName !== 'H2' && el.tagName !== 'H1') return `id "${frag}" is a <${el.tagName.toLowerCase()}> ("${text.slice(0, 60)}"), not the code's heading`;
  if (!text.startsWith(code)) return `id "${frag}" is the heading "${text.slice(0, 60)}", not ${code}'s`;
  const top = el.getBoundingClientRect().top;
  if (top < -1 || top > window.innerHeight) return `heading "${text.slice(0, 40)}" is not scrolled into view (top ${Math.round(top)} px)`;
  return null;
}

const browser = await chromium.launch({
  executablePath: process.env.ERRDEX_CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
}).catch((e) => { console.error(`cannot launch chromium: ${e.message}`); process.exit(2); });

const failures = [];
const started = Date.now();
const books = [];
try {
  for (const book of manifest.books) {
    const server = await serve(book.dir);
    const origin = `http://127.0.0.1:${server.address().port}`;
    const shots = join(artifacts, book.name);
    mkdirSync(shots, { recursive: true });
    // Every page, in folders too; redirect pages (mdBook writes them for old addresses) are
    // checked by following them below.
    const walk = (dir) => readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? walk(p) : [relative(book.dir, p).split(sep).join('/')];
    });
    const pages = walk(book.dir)
      .filter((f) => f.endsWith('.html') && f !== '404.html' && f !== 'toc.html')
      .filter((f) => !readFileSync(join(book.dir, f), 'utf8').includes('http-equiv="refresh"'))
      .sort();
    books.push({ book, server, origin, shots, pages });
  }
  // Each (book, width) in its own browser context. Where a link lands does not depend on the
  // width (the viewport's height is the same), so the code links and redirects are followed
  // at the first width only; the layout checks run at every width.
  const check = async ({ book, origin, shots, pages }, width) => {
    // A fresh context per width: the sidebar is open by default at both widths.
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    // At the first width, the codes are checked on each page's first load: the page is
    // opened at its first code's docs URL (a fresh load that must land on the heading, as a
    // reader's click does), the layout is checked (it does not depend on where the page is
    // scrolled), the page's other codes are followed as fragment navigations, and the
    // screenshot is of the page's top. Opening every page a second time for its codes took a
    // sixth of the run (a full load of a large page is about 0.4 s of Chromium's CPU here).
    const codesOf = new Map();
    if (width === WIDTHS[0]) {
      for (const c of book.codes) {
        if (!codesOf.has(c.page)) codesOf.set(c.page, []);
        codesOf.get(c.page).push(c);
      }
    }
    const follow = async (c) => {
      await page.goto(`${origin}/${c.page}#${encodeURIComponent(c.fragment)}`, { waitUntil: 'load' });
      const why = await page.evaluate(landing, [c.fragment, c.code]);
      if (why) failures.push(`${book.name}: ${c.code}'s docs URL (${c.url}) → ${c.page}#${c.fragment} at ${width} px: ${why}`);
    };
    for (const file of pages) {
      const codes = codesOf.get(file) ?? [];
      codesOf.delete(file);
      if (codes.length) await follow(codes[0]);
      else await page.goto(`${origin}/${file}`, { waitUntil: 'load' });
      for (const p of await page.evaluate(overflow)) failures.push(`${book.name}/${file} at ${width} px: ${p}`);
      for (const p of await page.evaluate(sidebarCuts)) failures.push(`${book.name}/${file} at ${width} px: the sidebar cuts off ${p}`);
      for (const c of codes.slice(1)) await follow(c);
      if (codes.length) await page.evaluate(() => window.scrollTo(0, 0));
      if (file !== 'print.html') await page.screenshot({ path: join(shots, `${file.replace(/\.html$/, '').replaceAll('/', '__')}-${width}.jpg`), ...SHOT });
    }
    if (width !== WIDTHS[0]) {
      await context.close();
      return;
    }
    // Codes on pages the walk above did not open (none today): each on its own load.
    for (const codes of codesOf.values()) for (const c of codes) await follow(c);
    for (const [i, r] of (book.redirects ?? []).entries()) {
      // mdBook's redirect page refreshes to its target; on a live page a script maps the
      // fragment. Either way the browser ends on the target page.
      const target = new URL(`${origin}/${r.page}`).pathname;
      await page.goto(`${origin}/${r.from}`, { waitUntil: 'load' });
      const arrived = await page.waitForURL((u) => u.pathname === target, { timeout: 5000 }).then(() => true, () => false);
      const at = new URL(page.url());
      if (!arrived) {
        failures.push(`${book.name}: the redirect from /${r.from} at ${width} px ends on ${at.pathname}${at.hash}, not ${target}`);
        continue;
      }
      await page.waitForLoadState('load');
      const why = r.tombstone
        ? await page.evaluate((id) => (document.getElementById(id) ? null : `no tombstone with id "${id}"`), r.fragment)
        : await page.evaluate(landing, [r.fragment, r.code]);
      if (why) failures.push(`${book.name}: the redirect from /${r.from} → ${at.pathname}${at.hash} at ${width} px: ${why}`);
      else if (decodeURIComponent(at.hash.slice(1)) !== r.fragment && r.fragment) failures.push(`${book.name}: the redirect from /${r.from} ends at #${at.hash.slice(1)}, not #${r.fragment}`);
      await page.screenshot({ path: join(shots, `redirect-${i + 1}-${width}.jpg`), ...SHOT });
    }
    await context.close();
  };
  // The (book, width) checks share one browser, a few at a time: one page at a time left a
  // core idle (node and Chromium's renderer take turns), 106–118 s on 2 cores in CI.
  // The longest first (the first width also follows every code link and redirect), so that
  // the lanes end together.
  const cost = (b, width) => b.pages.length + (width === WIDTHS[0] ? b.book.codes.length + (b.book.redirects ?? []).length : 0);
  const jobs = books.flatMap((b) => WIDTHS.map((width) => ({ b, width })))
    .sort((x, y) => cost(y.b, y.width) - cost(x.b, x.width))
    .map(({ b, width }) => () => check(b, width));
  const lanes = Math.max(1, Math.min(Number(process.env.ERRDEX_BROWSER_LANES) || availableParallelism(), 4));
  let next = 0;
  await Promise.all(Array.from({ length: lanes }, async () => {
    while (next < jobs.length) await jobs[next++]();
  }));
  for (const { book, shots, pages } of books) {
    console.log(`${book.name}: ${pages.length} pages × ${WIDTHS.length} widths (${pages.length * WIDTHS.length} views), ${book.codes.length} code links, ${(book.redirects ?? []).length} redirects; screenshots in ${shots}`);
  }
  console.log(`${lanes} pages at a time`);
  console.log(`${books.length} books checked in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  for (const { server } of books) server.close();
  await browser.close();
}
if (failures.length) {
  // Sorted: the checks run a few at a time, so they finish in no fixed order.
  failures.sort();
  console.error(`${failures.length} problem(s):\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('no page overflows its content column or cuts off a sidebar link; every docs URL and redirect lands on its code');
