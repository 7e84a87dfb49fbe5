// Cost of the safe fetcher against a local page (loopback allowed): a fetch with its checks and
// its own agent (a new connection each time), Node's fetch on a kept-alive connection for
// comparison, and a crawler-access check (three fetches). Build first:
// `cd apps/server && npx tsc -p tsconfig.build.json`. Usage: node bench/safe-fetch.mjs [N=300]
import { createServer } from "node:http";
import { performance } from "node:perf_hooks";
import { checkCrawlerAccess } from "../apps/server/dist/web/check-crawler-access.js";
import { safeFetch } from "../apps/server/dist/web/safe-fetch.js";

const page = `<html><head><title>x</title></head><body>${"<p>text</p>".repeat(2000)}</body></html>`;
const server = createServer((req, res) => {
  if (req.url === "/robots.txt")
    return res
      .writeHead(200, { "content-type": "text/plain" })
      .end("User-agent: GPTBot\nDisallow: /\n");
  res.writeHead(200, { "content-type": "text/html" }).end(page);
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const port = server.address().port;
const policy = { allowLoopback: true, allowedPorts: [port] };
const n = Number(process.argv[2] ?? 300);
for (const [name, fn] of [
  [
    "safeFetch",
    () => safeFetch({ url: `http://127.0.0.1:${port}/`, policy, userAgent: "b", expect: "html" }),
  ],
  [
    "Node fetch (no checks, kept alive)",
    () => fetch(`http://127.0.0.1:${port}/`).then((r) => r.arrayBuffer()),
  ],
  ["checkCrawlerAccess", () => checkCrawlerAccess({ url: `http://127.0.0.1:${port}/`, policy })],
]) {
  for (let i = 0; i < 20; i++) await fn();
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  console.log(
    `${name}: ${((performance.now() - t) / n).toFixed(2)} ms each (${n} sequential, ${page.length} byte page)`,
  );
}
server.close();
