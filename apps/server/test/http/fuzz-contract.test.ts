import { writeFileSync } from "node:fs";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allScopes, type FuzzTarget, runFuzz } from "../harness/contract-fuzz.js";
import { workloadSteps } from "../harness/fuzz-workload.js";
import { allOperations } from "../harness/operations.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

/**
 * Generated requests over every operation of the contract, made hostile (NUL, lone
 * surrogates, infinities, huge and deep bodies, wrong content types, malformed JSON,
 * oversized headers, cookie and key together, bad keys), sent over HTTP to a real
 * server as a member of a real workspace (or its all-scopes API key). Every answer must
 * be declared by its operation, never 500, and every error the envelope with the
 * request id of X-Request-Id. FUZZ_RUNS / FUZZ_SEED change the count and the seed
 * (bench/fuzz-contract.mjs runs it long); FUZZ_REPORT writes the tallies as JSON.
 * FUZZ_CONCURRENCY sends that many at once; FUZZ_WORKLOAD=1 turns the workers on and
 * adds a lane of valid work (prompts, runs, alias edits that re-analyse, metric reads).
 */
const runs = Number(process.env.FUZZ_RUNS ?? allOperations.length * 10);
const seed = Number(process.env.FUZZ_SEED ?? 20261123);
const concurrency = Number(process.env.FUZZ_CONCURRENCY ?? 1);
const workload = process.env.FUZZ_WORKLOAD === "1";
if (process.env.FUZZ_REPORT) {
  // Memory samples after a full collection, so the report shows what stays live.
  setFlagsFromString("--expose-gc");
  (globalThis as { gc?: unknown }).gc = runInNewContext("gc");
}

const lastFourWeeks = (now: Date) => ({
  from: new Date(now.getTime() - 27 * 86_400_000).toISOString().slice(0, 10),
  to: now.toISOString().slice(0, 10),
});

let t: TestServer;
let target: FuzzTarget;
beforeAll(async () => {
  // No workers unless the workload runs: generated runs stay queued instead of loading the machine.
  t = await startTestServer({ env: { GEO_WORKERS: workload ? "true" : "false" } });
  const cookie = await t.signIn("fuzz@example.com");
  const slug = await t.createWorkspace(cookie, { brand: "fuzz" });
  const key = await t.mintKey(cookie, slug, allScopes as never);
  target = { url: t.url, slug, cookie, key: key.secret };
}, 180_000); // a loaded machine (the long run beside other work) can take minutes to start it
afterAll(() => t.close());

describe("the contract under generated hostile input", () => {
  it(
    `answers ${runs} generated requests (seed ${seed}) as declared, never 500, always the envelope`,
    async () => {
      const report = await runFuzz({
        target,
        runs,
        seed,
        concurrency,
        workload: workload ? workloadSteps(lastFourWeeks(t.clock.now())) : undefined,
        afterEach: async (fuzz, response) => {
          // A generated sign-out ends the fuzzer's own session: sign in again.
          const operation = allOperations[fuzz.operation];
          if (operation?.operationId === "deleteCurrentSession" && response.status === 204) {
            target.cookie = await t.signIn("fuzz@example.com");
          }
        },
      });
      if (process.env.FUZZ_REPORT)
        writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(report, null, 2));
      expect(report.operationsCovered).toBe(Math.min(runs, allOperations.length));
      expect(
        report.violations,
        `seed ${seed}: replay with FUZZ_SEED=${seed} FUZZ_RUNS=${runs}`,
      ).toEqual([]);
    },
    Math.max(600_000, runs * 250),
  );
});
