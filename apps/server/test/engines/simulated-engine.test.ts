import { describe, expect, it } from "vitest";
import { builtinModelCatalog } from "../../src/engines/catalog/model-catalog.js";
import { EngineError } from "../../src/engines/engine.js";
import { answerCeilingMicrousd, maxOutputTokensFor } from "../../src/engines/pricing.js";
import {
  createSimulatedEngine,
  defaultMentionRate,
  mentionProbability,
  SIMULATED_PRICING,
  sourcePoolDomains,
} from "../../src/engines/simulated/simulated-engine.js";
import { context, inLanguage, mentions, request, withoutLinks } from "./simulated-fixtures.js";

const engine = createSimulatedEngine();
const seeds = (n: number, prefix = "seed") => Array.from({ length: n }, (_, i) => `${prefix}-${i}`);

describe("simulated engine: identity and determinism", () => {
  it("is the simulated engine", () => {
    expect(engine.id).toBe("simulated");
    expect(engine.simulated).toBe(true);
  });

  it("answers the same request identically, across engine instances", async () => {
    const a = await engine.ask(request("run-1/p-1/simulated/0"));
    const b = await createSimulatedEngine().ask(request("run-1/p-1/simulated/0"));
    expect(b).toEqual(a);
    // Same context built with another key order.
    const { brand, brandDomains, competitors, language, region } = context;
    const reordered = { region, language, competitors, brandDomains, brand };
    expect(await engine.ask(request("run-1/p-1/simulated/0", { context: reordered }))).toEqual(a);
  });

  it("answers differently for different seeds, prompts and models", async () => {
    const answers = await Promise.all(seeds(50).map((s) => engine.ask(request(s))));
    expect(new Set(answers.map((a) => a.answer)).size).toBe(50);
    const base = await engine.ask(request("x"));
    expect((await engine.ask(request("x", { model: "sim-2" }))).answer).not.toBe(base.answer);
    expect((await engine.ask(request("x", { prompt: "Best CRM for agencies" }))).answer).not.toBe(
      base.answer,
    );
  });
});

describe("simulated engine: answer text", () => {
  it.each(["en", "es", "ca", "fr"])("writes 3 to 6 sentences in %s", async (language) => {
    const markers: Record<string, RegExp> = {
      en: /\b(the|and|for|your)\b/i,
      es: /\b(de|para|las|los)\b/i,
      ca: /\b(per|les|els|amb|que|una)\b/i,
      fr: /\b(pour|les|des|vos)\b/i,
    };
    for (const seed of seeds(40)) {
      const { answer } = await engine.ask(inLanguage(seed, language));
      const sentences = withoutLinks(answer).split(/(?<=[.!?])\s+/);
      expect(sentences.length).toBeGreaterThanOrEqual(3);
      expect(sentences.length).toBeLessThanOrEqual(6);
      expect(answer).toMatch(markers[language] as RegExp);
      if (language !== "en") expect(answer).not.toMatch(/\b(the|and|your)\b/);
    }
  });

  it("falls back to English for an unknown language", async () => {
    const { answer } = await engine.ask(request("s", { context: { ...context, language: "de" } }));
    expect(answer).toMatch(/\b(the|and|for)\b/);
  });

  it("mentions varying entities, by name and by alias, at varying positions", async () => {
    const answers = await Promise.all(seeds(200).map((s) => engine.ask(request(s))));
    const texts = answers.map((a) => a.answer);
    const withBrand = texts.filter((t) => mentions(t, "Acme")).length;
    expect(withBrand).toBeGreaterThan(0);
    expect(withBrand).toBeLessThan(200);
    expect(texts.some((t) => t.includes("Initrode"))).toBe(true);
    expect(texts.some((t) => /\bInitech\b/.test(t))).toBe(true);
    const brandPositions = new Set(texts.map((t) => t.indexOf("Acme")).filter((i) => i >= 0));
    expect(brandPositions.size).toBeGreaterThan(5);
    expect(texts.some((t) => /\b(expensive|criticise|steeper)\b/.test(t))).toBe(true);
    expect(texts.some((t) => /\b(praised|recommend|value)\b/.test(t))).toBe(true);
  });

  it("never names an entity whose draw says not mentioned", async () => {
    const truth = { mentionRate: { Acme: 0, Globex: 1, Initech: 0, Umbrella: 0 } };
    const e = createSimulatedEngine({ truth });
    for (const seed of seeds(300)) {
      const { answer } = await e.ask(request(seed, { prompt: "Is Acme better than Initech?" }));
      expect(mentions(answer, "Globex")).toBe(true);
      for (const hidden of ["Acme", "Initech", "Umbrella"])
        expect(mentions(answer, hidden)).toBe(false);
    }
  });
});

describe("simulated engine: citations, queries, usage", () => {
  it("cites 0 to 6 valid URLs from the source pool, some with www and tracking", async () => {
    const pool = sourcePoolDomains(context);
    const answers = await Promise.all(seeds(300).map((s) => engine.ask(request(s))));
    const counts = new Set(answers.map((a) => a.citations.length));
    expect([...counts].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const urls = answers.flatMap((a) => a.citations.map((c) => c.url));
    for (const answer of answers) {
      for (const c of answer.citations) {
        const url = new URL(c.url);
        expect(url.protocol).toBe("https:");
        expect(pool.has(url.hostname.replace(/^www\./, ""))).toBe(true);
        expect(c.title === null || typeof c.title === "string").toBe(true);
      }
      for (const [, link] of answer.answer.matchAll(/\]\((https:[^)]+)\)/g)) {
        expect(answer.citations.map((c) => c.url)).toContain(link);
      }
    }
    expect(urls.some((u) => u.startsWith("https://www."))).toBe(true);
    expect(urls.some((u) => u.includes("utm_source="))).toBe(true);
    expect(urls.some((u) => /^https:\/\/(www\.)?acme\.(com|io)\//.test(u))).toBe(true);
    expect(answers.some((a) => /\]\(https:/.test(a.answer))).toBe(true);
  });

  it("reports 1 to 3 search queries derived from the prompt", async () => {
    for (const seed of seeds(50)) {
      const { searchQueries } = await engine.ask(request(seed));
      expect(searchQueries.length).toBeGreaterThanOrEqual(1);
      expect(searchQueries.length).toBeLessThanOrEqual(3);
      expect(searchQueries[0]).toContain("crm");
    }
  });

  it("counts tokens from text length and prices the answer in micro-USD", async () => {
    const a = await engine.ask(request("cost"));
    expect(a.inputTokens).toBe(Math.ceil(request("cost").prompt.length / 4));
    expect(a.outputTokens).toBe(Math.ceil(a.answer.length / 4));
    expect(typeof a.costMicrousd).toBe("bigint");
    expect(a.costMicrousd).toBe(
      SIMULATED_PRICING.perAnswerMicrousd +
        BigInt(a.inputTokens) * SIMULATED_PRICING.perInputTokenMicrousd +
        BigInt(a.outputTokens) * SIMULATED_PRICING.perOutputTokenMicrousd,
    );
    expect(a.costMicrousd > 0n).toBe(true);
  });

  it("stops at the output cap and never costs more than its ceiling", async () => {
    for (const seed of seeds(50)) {
      const full = await engine.ask(request(seed));
      const capped = await engine.ask({ ...request(seed), maxOutputTokens: 20 });
      expect(capped.outputTokens).toBeLessThanOrEqual(20);
      expect(full.answer.startsWith(capped.answer)).toBe(true);
      const r = request(seed);
      const ceiling = answerCeilingMicrousd(builtinModelCatalog, "simulated", r.model, r.prompt);
      expect(full.costMicrousd <= ceiling).toBe(true);
      expect(
        (await engine.ask({ ...r, maxOutputTokens: maxOutputTokensFor("simulated") }))
          .costMicrousd <= ceiling,
      ).toBe(true);
    }
  });
});

describe("simulated engine: options", () => {
  it("fails a seeded fraction of first attempts, deterministically, and retries succeed", async () => {
    const failing = async (e: ReturnType<typeof createSimulatedEngine>) => {
      const out: string[] = [];
      for (const s of seeds(1000)) await e.ask(request(s)).catch(() => out.push(s));
      return out;
    };
    const first = await failing(createSimulatedEngine({ failureRate: 0.3 }));
    expect(first.length / 1000).toBeGreaterThan(0.25);
    expect(first.length / 1000).toBeLessThan(0.35);
    expect(await failing(createSimulatedEngine({ failureRate: 0.3 }))).toEqual(first);

    const e = createSimulatedEngine({ failureRate: 0.3 });
    const error = await e.ask(request(first[0] as string)).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ message: "simulated failure", retryable: true });
    let answer = null;
    for (let attempt = 0; attempt < 20 && !answer; attempt++) {
      answer = await e.ask(request(first[0] as string)).catch(() => null);
    }
    expect(answer).toEqual(await engine.ask(request(first[0] as string)));
  });

  it("waits latencyMs through the injected sleep, and not at all by default", async () => {
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    await createSimulatedEngine({ latencyMs: 250, sleep }).ask(request("a"));
    await createSimulatedEngine({ sleep }).ask(request("a"));
    expect(waits).toEqual([250]);
  });

  it("honours an aborted signal and rejects invalid options", async () => {
    const signal = AbortSignal.abort();
    await expect(engine.ask({ ...request("a"), signal })).rejects.toThrow();
    expect(() => createSimulatedEngine({ truth: { mentionRate: { Acme: 1.2 } } })).toThrow(
      RangeError,
    );
    expect(() => createSimulatedEngine({ failureRate: -0.1 })).toThrow(RangeError);
  });

  it("exposes the mention probability of an entity", () => {
    const truth = { mentionRate: { Acme: 0.3 } };
    expect(mentionProbability(truth, "Acme")).toBe(0.3);
    expect(mentionProbability(truth, "acme")).toBe(0.3);
    expect(mentionProbability(truth, "Globex")).toBe(defaultMentionRate("Globex"));
    expect(mentionProbability(undefined, "Globex")).toBe(defaultMentionRate("Globex"));
    expect(defaultMentionRate("Globex")).toBeGreaterThanOrEqual(0.15);
    expect(defaultMentionRate("Globex")).toBeLessThanOrEqual(0.75);
  });
});
