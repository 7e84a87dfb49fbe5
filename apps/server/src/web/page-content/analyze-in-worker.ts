import { Worker } from "node:worker_threads";
import type { PageContentAnalysis, PageContentInput } from "./analyze-page-content.js";

type Pending = { resolve: (r: PageContentAnalysis) => void; reject: (e: Error) => void };
type Reply = { id: number; result?: PageContentAnalysis; error?: string };

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/**
 * The worker running from the TypeScript sources (under vitest): Node strips the types itself,
 * and a resolve hook maps the sources' `./x.js` imports to `./x.ts`. From the compiled dist the
 * worker is the `.js` file next to this one.
 */
function start(): Worker {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) return new Worker(new URL("./page-content-worker.js", here));
  const entry = new URL("./page-content-worker.ts", here).href;
  const code = `const { registerHooks } = require("node:module");
registerHooks({ resolve(s, c, next) { try { return next(s, c); } catch (e) { if (s.startsWith(".") && s.endsWith(".js")) return next(s.slice(0, -3) + ".ts", c); throw e; } } });
import(${JSON.stringify(entry)});`;
  return new Worker(code, { eval: true });
}

function failAll(error: Error): void {
  for (const p of pending.values()) p.reject(error);
  pending.clear();
  worker = null;
}

function ensureWorker(): Worker {
  if (worker) return worker;
  const w = start();
  w.on("message", (reply: Reply) => {
    const p = pending.get(reply.id);
    if (!p) return;
    pending.delete(reply.id);
    if (pending.size === 0) w.unref();
    if (reply.result) p.resolve(reply.result);
    else p.reject(new Error(reply.error ?? "page content analysis failed"));
  });
  w.on("error", (error) => {
    if (worker === w) failAll(error);
  });
  w.on("exit", (code) => {
    if (worker === w) failAll(new Error(`page content worker exited with code ${code}`));
  });
  w.unref();
  worker = w;
  return w;
}

/**
 * `analyzePageContent` in a worker thread, so the seconds a large page costs
 * (docs/page-evaluations.md, "Content checks") never block the process's event loop. One
 * long-lived worker per process, started on first use and kept (unreferenced: it never keeps
 * the process alive); analyses queue on it in order. A worker that dies fails what it had and
 * the next call starts another.
 */
export function analyzePageContentInWorker(input: PageContentInput): Promise<PageContentAnalysis> {
  const w = ensureWorker();
  const id = nextId++;
  return new Promise<PageContentAnalysis>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    w.ref();
    w.postMessage({ id, input });
  });
}
