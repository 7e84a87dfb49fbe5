// How long `analyzePageContent` (web/page-content/) blocks the thread it runs on: a typical
// article page (~60 KB) and the 5 MB page of test/web/page-content/large-page.test.ts
// (~200,000 elements). The analysis is synchronous, so its wall time is the time the event
// loop is blocked; the CPU time is this process's (user + system). Then the same analysis
// through `PageContentWorker` (web/page-content/analyze-in-worker.ts, what page
// evaluations use: one long-lived worker thread, here with a 10-minute deadline) while the main thread's event-loop delay is
// sampled: the wall time of the analysis and the longest the main loop waited meanwhile.
// Build first: `cd apps/server && npx tsc -p tsconfig.build.json`.
// Usage: node bench/page-content.mjs [--runs 5] [--large-runs 2]
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { PageContentWorker } from "../apps/server/dist/web/page-content/analyze-in-worker.js";
import { analyzePageContent } from "../apps/server/dist/web/page-content/analyze-page-content.js";

const input = (html) => ({
  html,
  url: "https://www.acme.example/page",
  brand: "Acme",
  brandDomains: ["acme.example"],
  competitors: [{ name: "Globex" }, { name: "Initech", aliases: ["Initech Corp"] }],
  now: new Date("2026-11-24T00:00:00Z"),
});

const worker = new PageContentWorker({ timeoutMs: 600_000 });
const analyzePageContentInWorker = (i) => worker.analyze(i);

{
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "5" },
      "large-runs": { type: "string", default: "2" },
    },
  });
  const page = (head, body) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

  // A typical article: nav, header, 40 paragraphs, lists, a table, JSON-LD, footer (~17 KB).
  const paragraphs = Array.from(
    { length: 40 },
    (_, i) =>
      `<h2>Part ${i}</h2><p>Acme helps analytics teams ship dashboards faster. Paragraph ${i} explains how, with <a href="https://example.org/ref/${i}">a reference</a> and <b>details</b> that read like a real article, compared with Globex and Initech.</p><ul><li>First point ${i}</li><li>Second point ${i}</li><li>Third point ${i}</li></ul>`,
  ).join("");
  const typical = page(
    `<title>Acme analytics: dashboards for teams</title><meta name="description" content="Acme makes analytics dashboards for teams that need answers fast, with alerts and exports."><link rel="canonical" href="https://www.acme.example/page"><script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"Acme","datePublished":"2026-10-01"}</script>`,
    `<nav>${'<a href="/x">Menu</a>'.repeat(60)}</nav><header><div class="hero">Acme</div></header><main><article><h1>Dashboards for teams</h1>${paragraphs}<table><tr><th>Plan</th><th>Price</th></tr><tr><td>Team</td><td>$10</td></tr></table></article></main><footer>${'<a href="/f">Footer link</a>'.repeat(80)}</footer>${'<script src="/s.js"></script>'.repeat(10)}`,
  );
  const parts = [];
  let size = 0;
  for (let i = 0; size < 5 * 1024 * 1024; i++) {
    const part = `<section><h2>Section ${i}</h2><p>Paragraph ${i} of a very long page, with a <a href="/p/${i}">link</a> and <b>bold</b> words that go on like real content does.</p><ul><li>one</li><li>two</li></ul></section>`;
    parts.push(part);
    size += part.length;
  }
  const large = page(
    "<title>A very large page of sections</title>",
    `<main><h1>Big</h1>${parts.join("")}</main>`,
  );

  const inline = (html) => {
    const cpu = process.cpuUsage();
    const start = performance.now();
    analyzePageContent(input(html));
    const wall = performance.now() - start;
    const used = process.cpuUsage(cpu);
    return { wall, cpu: (used.user + used.system) / 1000 };
  };
  const inWorker = async (html) => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const start = performance.now();
    await analyzePageContentInWorker(input(html));
    const wall = performance.now() - start;
    delay.disable();
    return { wall, maxDelay: delay.max / 1e6 };
  };
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const fmt = (ms) => `${ms.toFixed(ms < 100 ? 1 : 0)} ms`;

  for (const [name, html, runs] of [
    [`typical page (${(typical.length / 1024).toFixed(0)} KB)`, typical, Number(values.runs)],
    [
      `large page (${(large.length / 1024 / 1024).toFixed(1)} MB)`,
      large,
      Number(values["large-runs"]),
    ],
  ]) {
    inline(html); // warm-up (JIT, module state), and the worker's start
    await analyzePageContentInWorker(input(html));
    const same = [];
    for (let i = 0; i < runs; i++) same.push(inline(html));
    const off = [];
    for (let i = 0; i < runs; i++) off.push(await inWorker(html));
    console.log(
      `${name}: main thread blocked ${fmt(median(same.map((r) => r.wall)))} (CPU ${fmt(median(same.map((r) => r.cpu)))}), ` +
        `in a worker thread ${fmt(median(off.map((r) => r.wall)))} wall with the main loop's max delay ${fmt(median(off.map((r) => r.maxDelay)))} ` +
        `(median of ${runs}; min-max blocked ${fmt(Math.min(...same.map((r) => r.wall)))}-${fmt(Math.max(...same.map((r) => r.wall)))})`,
    );
  }
}
