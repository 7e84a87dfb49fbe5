import { request as httpRequest } from "node:http";
import fc from "fast-check";
import type { Operation } from "../../src/http/operation-index.js";
import { allOperations } from "./operations.js";

/**
 * Requests generated from the contract's schemas and then made hostile, for the
 * fuzz test (test/http/fuzz-contract.test.ts) and its longer run
 * (bench/fuzz-contract.mjs). A case is plain data; `materialize` turns it into
 * bytes for a given workspace and credentials.
 */

import { caseFor, encode, type FuzzCase } from "./contract-fuzz-cases.js";
import { declaredStatuses } from "./contract-fuzz-schemas.js";
import type { WorkloadStep } from "./fuzz-workload.js";

export { allScopes } from "./contract-fuzz-schemas.js";

export interface FuzzTarget {
  url: string;
  slug: string;
  cookie: string;
  /** An API key of the workspace with every scope. */
  key: string;
}

export interface FuzzResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface Materialized {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export function materialize(fuzz: FuzzCase, target: FuzzTarget): Materialized {
  const operation = allOperations[fuzz.operation] as Operation;
  const values: Record<string, string> = { workspace: encode(target.slug), ...fuzz.path };
  const pathname = operation.pathTemplate.replace(
    /\{([^}]+)\}/g,
    (_m, name: string) => values[name] ?? "x",
  );
  const search = fuzz.query.map(([name, value]) => `${name}=${value}`).join("&");
  const headers: Record<string, string> = { ...fuzz.headers };
  const wellFormedUnknownKey = `gp_live_${"Q".repeat(43)}`;
  switch (fuzz.credential) {
    case "session":
      headers.cookie = target.cookie;
      break;
    case "key":
      headers.authorization = `Bearer ${target.key}`;
      break;
    case "both":
      headers.cookie = target.cookie;
      headers.authorization = `Bearer ${target.key}`;
      break;
    case "malformedKey":
      headers.authorization = "Bearer gp_live_short";
      break;
    case "unknownKey":
      headers.authorization = `Bearer ${wellFormedUnknownKey}`;
      break;
    case "none":
      break;
  }
  if (fuzz.body) headers["content-type"] = fuzz.body.contentType;
  return {
    method: operation.method.toUpperCase(),
    path: search ? `${pathname}?${search}` : pathname,
    headers,
    body: fuzz.body?.text,
  };
}

/** Sends exactly these bytes over HTTP/1.1 (fetch would refuse a GET body or rewrite some). */
export function send(url: string, request: Materialized): Promise<FuzzResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    // Node frames a GET or DELETE body only when told its length.
    const headers =
      request.body === undefined
        ? request.headers
        : { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) };
    const outgoing = httpRequest(
      {
        host: hostname,
        port: Number(port),
        method: request.method,
        path: request.path,
        headers,
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("end", () =>
          resolve({
            status: incoming.statusCode ?? 0,
            headers: incoming.headers,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        incoming.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}

/** What is wrong with an answer, by the rules every answer must keep; empty when fine. */
export function violationsOf(fuzz: FuzzCase, response: FuzzResponse): string[] {
  const operation = allOperations[fuzz.operation] as Operation;
  const problems: string[] = [];
  const status = String(response.status);
  const requestId = response.headers["x-request-id"];
  if (typeof requestId !== "string" || requestId.length === 0)
    problems.push("no X-Request-Id header");
  if (response.status === 500) problems.push("answered 500");
  if (!declaredStatuses(operation).includes(status)) {
    problems.push(`status ${status} is not declared by ${operation.operationId}`);
  }
  if (response.status >= 400) {
    let body: any;
    try {
      body = JSON.parse(response.text);
    } catch {
      problems.push("error body is not JSON");
    }
    const error = body?.error;
    const keysOk =
      body &&
      Object.keys(body).join() === "error" &&
      Object.keys(error ?? {}).every((key) =>
        ["code", "message", "details", "requestId"].includes(key),
      );
    if (!keysOk || typeof error.code !== "string" || typeof error.message !== "string") {
      problems.push("error body is not the envelope");
    } else if (error.requestId !== requestId) {
      problems.push("envelope requestId differs from X-Request-Id");
    }
  }
  return problems;
}

export function describeCase(fuzz: FuzzCase, request: Materialized): string {
  const shown = (text: string | undefined) =>
    text === undefined
      ? ""
      : JSON.stringify(text.length > 300 ? `${text.slice(0, 300)}…(${text.length})` : text);
  const headerNames = Object.keys(request.headers).join(",");
  return `[${fuzz.hostile}/${fuzz.credential}] ${request.method} ${shown(request.path)} headers=${headerNames} body=${shown(request.body)}`;
}

export interface MemorySample {
  /** Requests answered when the sample was taken. */
  sent: number;
  heapUsedMb: number;
  /** Memory outside the JavaScript heap (Buffers, typed arrays, PGlite's WebAssembly memory). */
  externalMb: number;
  arrayBuffersMb: number;
  rssMb: number;
}

export interface FuzzReport {
  seed: number;
  runs: number;
  concurrency: number;
  /** Valid requests of the workload lane (when on), on top of `runs`. */
  workloadRequests: number;
  byStatus: Record<string, number>;
  byHostileClass: Record<string, Record<string, number>>;
  violations: string[];
  operationsCovered: number;
  /** The process's heap (after a collection, where `gc` is exposed) every `memoryEvery` answers. */
  memory: MemorySample[];
}

/** Generated cases, rounds of every operation once, each round drawn lazily (bodies can be large). */
function* generatedCases(seed: number): Generator<FuzzCase> {
  const round = fc.tuple(...allOperations.map((_operation, index) => caseFor(index)));
  for (let roundNumber = 0; ; roundNumber++) {
    // Distinct seeds never share rounds (seed 7's second round is not seed 8's first).
    const roundSeed = (seed * 1_000_003 + roundNumber) | 0;
    const [cases = []] = fc.sample(round, { numRuns: 1, seed: roundSeed });
    yield* cases;
  }
}

/**
 * Sends `runs` generated cases to the target over `concurrency` connections at
 * once, and tallies the answers. With `workload`, one more lane sends those
 * valid steps (fuzz-workload.ts) until the generated cases are done.
 */
export async function runFuzz(options: {
  target: FuzzTarget;
  runs: number;
  seed: number;
  concurrency?: number;
  workload?: Iterator<WorkloadStep>;
  /** Takes a memory sample every this many answers (default 1,000). */
  memoryEvery?: number;
  /** Called after each answer (e.g. to sign in again after a generated sign-out). */
  afterEach?: (fuzz: FuzzCase, response: FuzzResponse) => Promise<void>;
}): Promise<FuzzReport> {
  const { target, runs, seed } = options;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const memoryEvery = options.memoryEvery ?? 1_000;
  const report: FuzzReport = {
    seed,
    runs,
    concurrency,
    workloadRequests: 0,
    byStatus: {},
    byHostileClass: {},
    violations: [],
    operationsCovered: 0,
    memory: [],
  };
  const covered = new Set<number>();
  const cases = generatedCases(seed);
  let taken = 0;
  let answered = 0;
  const sampleMemory = () => {
    (globalThis as { gc?: () => void }).gc?.();
    const usage = process.memoryUsage();
    report.memory.push({
      sent: answered,
      heapUsedMb: Math.round(usage.heapUsed / 1_048_576),
      externalMb: Math.round(usage.external / 1_048_576),
      arrayBuffersMb: Math.round(usage.arrayBuffers / 1_048_576),
      rssMb: Math.round(usage.rss / 1_048_576),
    });
    // Shown as it is taken, so a long run's trend is visible before it ends.
    if (process.env.FUZZ_REPORT)
      console.error(`memory sample ${JSON.stringify(report.memory.at(-1))}`);
  };
  const exchange = async (fuzz: FuzzCase): Promise<FuzzResponse | undefined> => {
    const request = materialize(fuzz, target);
    let response: FuzzResponse;
    try {
      response = await send(target.url, request);
    } catch (error) {
      report.violations.push(`${describeCase(fuzz, request)}: no answer (${String(error)})`);
      return undefined;
    }
    const status = String(response.status);
    report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
    report.byHostileClass[fuzz.hostile] ??= {};
    const perClass = report.byHostileClass[fuzz.hostile] as Record<string, number>;
    perClass[status] = (perClass[status] ?? 0) + 1;
    for (const problem of violationsOf(fuzz, response)) {
      report.violations.push(
        `${describeCase(fuzz, request)} -> ${status}: ${problem} ${response.text.slice(0, 200)}`,
      );
    }
    if (++answered % memoryEvery === 0) sampleMemory();
    return response;
  };
  const fuzzLane = async () => {
    while (taken < runs) {
      taken++;
      const fuzz = cases.next().value as FuzzCase;
      covered.add(fuzz.operation);
      const response = await exchange(fuzz);
      if (response) await options.afterEach?.(fuzz, response);
    }
  };
  const workloadLane = async (steps: Iterator<WorkloadStep>) => {
    while (taken < runs) {
      const { value } = steps.next();
      if (!value) return;
      const response = await exchange(value.fuzz);
      report.workloadRequests++;
      if (response) {
        let body: unknown;
        try {
          body = JSON.parse(response.text);
        } catch {
          body = undefined;
        }
        value.remember?.(response.status, body);
      }
    }
  };
  sampleMemory();
  await Promise.all([
    ...Array.from({ length: concurrency }, fuzzLane),
    ...(options.workload ? [workloadLane(options.workload)] : []),
  ]);
  sampleMemory();
  report.operationsCovered = covered.size;
  return report;
}
