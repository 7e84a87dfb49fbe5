/**
 * Time to compute one metrics snapshot (the CPU part of a metrics read):
 * 300 prompts x 5 engines x 13 entities with 1,000 bootstrap resamples.
 * The read budget is a p95 of 50 ms for the whole request; aim for < 30 ms here.
 *
 *   pnpm --filter @geopulse/bench exec tsx metrics-compute.ts
 */

import type { PromptCell } from "../apps/server/src/metrics/aggregates.js";
import { computeMetrics } from "../apps/server/src/metrics/compute-metrics.js";
import { Rng } from "../apps/server/src/prng.js";

/** 300 prompts × 5 engines × 13 entities, one answer per cell, random counts. */
function largeSnapshotInput() {
  const rng = Rng.fromString("compute-performance");
  const entities = Array.from({ length: 13 }, (_, i) => ({ id: `entity-${i}`, isSelf: i === 0 }));
  const cells: PromptCell[] = [];
  for (let p = 0; p < 300; p++) {
    for (const engine of ["openai", "perplexity", "gemini", "anthropic", "exa"]) {
      const counts: PromptCell["entities"] = {};
      for (const e of entities) {
        const m = rng.chance(0.4) ? 1 : 0;
        counts[e.id] = {
          mentionedResponses: m,
          mentionCount: 2 * m,
          rankSum: m * rng.int(1, 5),
          citedResponses: rng.chance(0.2) ? 1 : 0,
          positiveResponses: m,
          negativeResponses: 0,
          recommendedResponses: m && rng.chance(0.5) ? 1 : 0,
          shortlistedResponses: m && rng.chance(0.3) ? 1 : 0,
          discouragedResponses: 0,
        };
      }
      const withCitations = rng.chance(0.8) ? 1 : 0;
      cells.push({
        promptId: `prompt-${p}`,
        engine,
        category: "discovery",
        responses: 1,
        responsesWithCitations: withCitations,
        entities: counts,
      });
    }
  }
  return { cells, entities };
}

const { cells, entities } = largeSnapshotInput();
const weights = { visibility: 0.4, shareOfVoice: 0.3, position: 0.2, citation: 0.1 };
for (let i = 0; i < 20; i++) computeMetrics({ cells, entities, weights, seed: `warm-${i}` });
// CPU time as well as wall time: the machine running the tests is shared.
const wall: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < 40; i++) {
  const started = performance.now();
  const usage = process.cpuUsage();
  computeMetrics({ cells, entities, weights, seed: `timed-${i}`, resamples: 1000 });
  cpu.push(process.cpuUsage(usage).user / 1000);
  wall.push(performance.now() - started);
}
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const at = (xs: number[], q: number) => sorted(xs)[Math.ceil(xs.length * q) - 1] as number;
const fmt = (xs: number[]) =>
  `best ${at(xs, 1 / xs.length).toFixed(1)}, median ${at(xs, 0.5).toFixed(1)}, p95 ${at(xs, 0.95).toFixed(1)}`;
console.log(`snapshot compute (ms): wall ${fmt(wall)}; cpu ${fmt(cpu)}`);
console.log(
  `ratio to the 30 ms aim: best ${(at(cpu, 1 / cpu.length) / 30).toFixed(2)}x, median ${(at(cpu, 0.5) / 30).toFixed(2)}x`,
);
