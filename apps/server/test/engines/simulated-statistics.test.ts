import { describe, expect, it } from "vitest";
import {
  createSimulatedEngine,
  defaultMentionRate,
  generateAnswer,
  type SimulatedTruth,
} from "../../src/engines/simulated/simulated-engine.js";
import { mentions, request } from "./simulated-fixtures.js";

const N = 4000;

async function sample(truth: SimulatedTruth | undefined, n = N) {
  const engine = createSimulatedEngine(truth ? { truth } : {});
  const out = [];
  for (let i = 0; i < n; i++) out.push(await engine.ask(request(`run-7/prompt-3/simulated/${i}`)));
  return out;
}

describe("simulated engine: calibration against the known truth", () => {
  it("mentions Acme in 0.3 ± 0.025 of 4,000 answers when the truth says 0.3", async () => {
    const answers = await sample({ mentionRate: { Acme: 0.3 } });
    const share = answers.filter((a) => mentions(a.answer, "Acme")).length / N;
    expect(share).toBeGreaterThan(0.275);
    expect(share).toBeLessThan(0.325);
  });

  it("draws entities independently of each other", async () => {
    const answers = await sample({ mentionRate: { Acme: 0.3, Globex: 0.6 } });
    const a = answers.map((x) => mentions(x.answer, "Acme"));
    const g = answers.map((x) => mentions(x.answer, "Globex"));
    const both = a.filter((v, i) => v && g[i]).length;
    const pA = a.filter(Boolean).length / N;
    const pG = g.filter(Boolean).length / N;
    expect(Math.abs(pG - 0.6)).toBeLessThan(0.025);
    expect(Math.abs(both / N - pA * pG)).toBeLessThan(0.015);
    const gGivenA = both / a.filter(Boolean).length;
    const gGivenNotA = g.filter((v, i) => v && !a[i]).length / a.filter((v) => !v).length;
    expect(Math.abs(gGivenA - 0.6)).toBeLessThan(0.05);
    expect(Math.abs(gGivenNotA - 0.6)).toBeLessThan(0.05);
  });

  it("uses the name-derived default rate for entities absent from the truth", async () => {
    const answers = await sample(undefined);
    const share = answers.filter((a) => mentions(a.answer, "Umbrella")).length / N;
    expect(Math.abs(share - defaultMentionRate("Umbrella"))).toBeLessThan(0.03);
  });

  it("cites a calibrated domain at its citation rate", async () => {
    const answers = await sample({ mentionRate: {}, citationRate: { "g2.com": 0.4 } });
    const cites = (url: string) => /^https:\/\/(www\.)?g2\.com\//.test(url);
    const share = answers.filter((a) => a.citations.some((c) => cites(c.url))).length / N;
    expect(Math.abs(share - 0.4)).toBeLessThan(0.025);
  });
});

describe("simulated engine: throughput", () => {
  it("generates 10,000 answers well under 2 seconds", async () => {
    const engine = createSimulatedEngine();
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < 10_000; i++) await engine.ask(request(`bench-${i}`));
    const ms = performance.now() - started;
    const cpuMs = process.cpuUsage(cpu).user / 1000;
    const direct = performance.now();
    for (let i = 0; i < 10_000; i++) generateAnswer(request(`bench-${i}`));
    const directMs = performance.now() - direct;
    console.info(
      `simulated engine: 10,000 answers in ${ms.toFixed(0)} ms via ask() ` +
        `(${cpuMs.toFixed(0)} ms CPU, ${Math.round(10_000 / (ms / 1000))}/s wall); ` +
        `generateAnswer() alone ${directMs.toFixed(0)} ms`,
    );
    // CPU time, not wall time: the 2-core machine is shared, so wall time swings with load.
    expect(cpuMs).toBeLessThan(1000);
  });
});
