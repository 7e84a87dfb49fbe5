import { Worker } from "node:worker_threads";
import type { PageContentAnalysis, PageContentInput } from "./analyze-page-content.js";

type Reply = { id: number; result?: PageContentAnalysis; error?: string };
type Job = {
  id: number;
  input: PageContentInput;
  resolve: (r: PageContentAnalysis) => void;
  reject: (e: Error) => void;
};

/** An analysis that did not finish within its deadline; its worker was terminated. */
export class PageAnalysisTimeoutError extends Error {
  override name = "PageAnalysisTimeoutError";
  constructor(readonly timeoutMs: number) {
    super(`page content analysis did not finish within ${timeoutMs} ms`);
  }
}

export interface PageContentWorkerOptions {
  /** How long one analysis may run on the worker before the worker is terminated. */
  timeoutMs: number;
  /** Starts the worker thread (tests start one that never answers); the analysis worker by default. */
  start?: () => Worker;
}

/**
 * The worker running from the TypeScript sources (under vitest): Node strips the types itself,
 * and a resolve hook maps the sources' `./x.js` imports to `./x.ts`. From the compiled dist the
 * worker is the `.js` file next to this one.
 */
export function startPageContentWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) return new Worker(new URL("./page-content-worker.js", here));
  const entry = new URL("./page-content-worker.ts", here).href;
  const code = `const { registerHooks } = require("node:module");
registerHooks({ resolve(s, c, next) { try { return next(s, c); } catch (e) { if (s.startsWith(".") && s.endsWith(".js")) return next(s.slice(0, -3) + ".ts", c); throw e; } } });
import(${JSON.stringify(entry)});`;
  return new Worker(code, { eval: true });
}

/**
 * `analyzePageContent` in a worker thread, so the seconds a large page costs
 * (docs/page-evaluations.md, "Content checks") never block the process's event loop, under a
 * deadline. One worker per app context, started on first use and kept (unreferenced while idle:
 * it never keeps the process alive). Analyses queue here and go to the worker one at a time; each
 * has `timeoutMs` from the moment it is handed to the worker, after which the worker is
 * terminated (the only way to stop synchronous code) and the analysis rejected with
 * `PageAnalysisTimeoutError`. A worker that dies or is terminated fails what it had, and the next
 * analysis starts another.
 */
export class PageContentWorker {
  readonly #timeoutMs: number;
  readonly #start: () => Worker;
  #worker: Worker | null = null;
  #current: { job: Job; timer: NodeJS.Timeout } | null = null;
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;

  constructor(options: PageContentWorkerOptions) {
    this.#timeoutMs = options.timeoutMs;
    this.#start = options.start ?? startPageContentWorker;
  }

  analyze(input: PageContentInput): Promise<PageContentAnalysis> {
    if (this.#closed) return Promise.reject(new Error("page content worker closed"));
    return new Promise<PageContentAnalysis>((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, input, resolve, reject });
      this.#next();
    });
  }

  /** Terminates the worker; what was queued or running is rejected. */
  async close(): Promise<void> {
    this.#closed = true;
    const error = new Error("page content worker closed");
    for (const job of this.#queue.splice(0)) job.reject(error);
    const worker = this.#worker;
    this.#fail(error);
    if (worker) await worker.terminate();
  }

  #next(): void {
    if (this.#current) return;
    const job = this.#queue.shift();
    if (!job) {
      this.#worker?.unref();
      return;
    }
    const worker = this.#ensureWorker();
    const timer = setTimeout(() => this.#expire(worker, job), this.#timeoutMs);
    timer.unref();
    this.#current = { job, timer };
    worker.ref();
    worker.postMessage({ id: job.id, input: job.input });
  }

  #expire(worker: Worker, job: Job): void {
    if (this.#current?.job !== job) return;
    this.#fail(new PageAnalysisTimeoutError(this.#timeoutMs));
    void worker.terminate();
    this.#next();
  }

  /** Rejects the analysis in progress and forgets the worker (a new one serves the next). */
  #fail(error: Error): void {
    const current = this.#current;
    this.#current = null;
    this.#worker = null;
    if (current) {
      clearTimeout(current.timer);
      current.job.reject(error);
    }
  }

  #ensureWorker(): Worker {
    if (this.#worker) return this.#worker;
    const w = this.#start();
    w.on("message", (reply: Reply) => {
      const current = this.#current;
      if (this.#worker !== w || current?.job.id !== reply.id) return;
      clearTimeout(current.timer);
      this.#current = null;
      if (reply.result) current.job.resolve(reply.result);
      else current.job.reject(new Error(reply.error ?? "page content analysis failed"));
      this.#next();
    });
    const died = (error: Error) => {
      if (this.#worker !== w) return;
      this.#fail(error);
      this.#next();
    };
    w.on("error", died);
    w.on("exit", (code) => died(new Error(`page content worker exited with code ${code}`)));
    w.unref();
    this.#worker = w;
    return w;
  }
}
