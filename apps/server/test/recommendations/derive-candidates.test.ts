import type { Language } from "@geopulse/api-types";
import { describe, expect, it } from "vitest";
import { checkCompliance } from "../../src/compliance/check-compliance.js";
import { complianceRules } from "../../src/compliance/compliance-rules.js";
import { maxCreateContent } from "../../src/services/recommendations/derive-create-content.js";
import { deriveCandidates } from "../../src/services/recommendations/derive-recommendations.js";
import type {
  DerivationAnswer,
  DerivationData,
} from "../../src/services/recommendations/load-derivation-data.js";
import {
  renderRecommendationText,
  type TemplatedKind,
} from "../../src/services/recommendations/render-recommendation-text.js";

/**
 * The derivation's rules on hand-made days (no database): which gaps become
 * recommendations, which do not, and that the same data gives the same output.
 */
interface Spec {
  prompt: string;
  engine: string;
  /** Entity ids the answer names, `self` for the brand; `!` marks a negative mention. */
  names: string[];
  cites?: Array<{ domain: string; taxonomy?: string; entityId?: string | null; path?: string }>;
  text?: string;
}

let counter = 0;
function answer(spec: Spec): DerivationAnswer {
  counter += 1;
  const id = String(counter).padStart(4, "0");
  const text = spec.text ?? `An answer naming ${spec.names.join(", ") || "nobody"}.`;
  return {
    runId: "run_A",
    responseId: `rsp_${id}`,
    engine: spec.engine,
    promptId: spec.prompt,
    prompt: `Question ${spec.prompt}?`,
    language: "en",
    text,
    citations: (spec.cites ?? []).map((c, i) => ({
      position: i + 1,
      url: `https://${c.domain}/${c.path ?? "page"}`,
      title: null,
      domain: c.domain,
      taxonomy: c.taxonomy ?? "review",
      entityId: c.entityId ?? null,
    })),
    mentions: new Map(
      spec.names.map((n) => [
        n.replace("!", ""),
        { firstOffset: 0, sentiment: n.endsWith("!") ? "negative" : "neutral" },
      ]),
    ),
  };
}

function day(answers: DerivationAnswer[], extra: Partial<DerivationData> = {}): DerivationData {
  return {
    workspaceId: "ws_1",
    complianceProfile: "none",
    language: "en",
    date: "2026-05-04",
    brand: { name: "Acme", names: ["Acme"] },
    primaryDomain: "acme.com",
    competitors: new Map([
      ["cmp_globex", "Globex"],
      ["cmp_initech", "Initech"],
    ]),
    answers,
    pageEvaluations: [],
    ...extra,
  };
}

const repeat = (n: number, spec: Spec) => Array.from({ length: n }, () => answer(spec));
/** The candidates a derivation stores (capped ones are not). */
const kinds = (data: DerivationData) =>
  deriveCandidates(data)
    .filter((c) => !c.capped)
    .map((c) => c.recommendation);

describe("deriveCandidates", () => {
  it("create_content: a clear gap on a prompt is proposed; one whose interval reaches zero is not", () => {
    const data = day([
      ...repeat(6, { prompt: "p1", engine: "openai", names: ["cmp_globex"] }),
      ...repeat(1, { prompt: "p2", engine: "openai", names: ["cmp_globex"] }),
      ...repeat(1, { prompt: "p2", engine: "openai", names: ["self"] }),
    ]);
    const recs = kinds(data).filter((r) => r.kind === "create_content");
    expect(recs.map((r) => r.target.promptIds)).toEqual([["p1"]]);
    const [rec] = recs;
    expect(rec?.evidence.metric).toMatchObject({ name: "visibility", value: 0, n: 6 });
    expect(rec?.evidence.comparison).toMatchObject({ entity: "Globex", value: 1, n: 6 });
    expect(rec?.priority.expectedImpact).toBe(1);
    expect(rec?.priority.confidence).toBeGreaterThan(0.3);
    expect(rec?.priority.confidence).toBeLessThan(1);
    expect(rec?.evidence.answers).toHaveLength(6);
  });

  it(`create_content: at most ${maxCreateContent} per derivation, the highest priority first`, () => {
    // 15 outranked prompts; prompt i has 4 + i answers naming only Globex: the same gap (1),
    // surer with more answers, so the 10 with the most answers rank highest.
    const answers = Array.from({ length: 15 }, (_, i) =>
      repeat(4 + i, {
        prompt: `p${String(i).padStart(2, "0")}`,
        engine: "openai",
        names: ["cmp_globex"],
      }),
    ).flat();
    const recs = kinds(day(answers)).filter((r) => r.kind === "create_content");
    expect(recs).toHaveLength(maxCreateContent);
    expect(recs.map((r) => r.target.promptIds?.[0]).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `p${String(i + 5).padStart(2, "0")}`),
    );
    const confidence = (id: string) =>
      kinds(day(answers.filter((a) => a.promptId === id)))[0]?.priority.confidence ?? 0;
    // Every prompt left out ranks below every prompt kept.
    expect(confidence("p04")).toBeLessThan(Math.min(...recs.map((r) => r.priority.confidence)));
    // The ones left out are still derived, marked capped (not stored, not stale).
    const capped = deriveCandidates(day(answers)).filter((c) => c.capped);
    expect(capped.map((c) => c.recommendation.target.promptIds?.[0]).sort()).toEqual([
      "p00",
      "p01",
      "p02",
      "p03",
      "p04",
    ]);
    // Below the cap nothing is left out.
    const few = answers.filter((a) => a.promptId < "p05");
    expect(kinds(day(few)).filter((r) => r.kind === "create_content")).toHaveLength(5);
  });

  it("engine_gap: the brand visible on one engine and absent on another, paired over prompts", () => {
    const answers: DerivationAnswer[] = [];
    for (let p = 0; p < 12; p++) {
      answers.push(answer({ prompt: `p${p}`, engine: "openai", names: ["self"] }));
      answers.push(answer({ prompt: `p${p}`, engine: "perplexity", names: [] }));
      answers.push(answer({ prompt: `p${p}`, engine: "gemini", names: p % 2 ? ["self"] : [] }));
    }
    const gaps = kinds(day(answers)).filter((r) => r.kind === "engine_gap");
    expect(gaps.map((g) => g.target.engines)).toEqual([["gemini"], ["perplexity"]]);
    const perplexity = gaps[1];
    expect(perplexity?.evidence.metric).toMatchObject({ value: 0, n: 12 });
    expect(perplexity?.evidence.comparison).toMatchObject({ entity: "openai", value: 1 });
    expect(perplexity?.evidence.answers).toHaveLength(12);
    expect(perplexity?.priority.confidence).toBe(1);
    // The same visibility everywhere: no gap.
    const even = answers.filter((a) => a.engine !== "perplexity" && a.engine !== "gemini");
    const mirror = even.map((a) => ({ ...a, responseId: `${a.responseId}x`, engine: "gemini" }));
    expect(kinds(day([...even, ...mirror])).filter((r) => r.kind === "engine_gap")).toEqual([]);
  });

  it("engine_gap: a results page that showed no AI answer counts, but is never evidence", () => {
    const answers: DerivationAnswer[] = [];
    for (let p = 0; p < 12; p++) {
      answers.push(answer({ prompt: `p${p}`, engine: "openai", names: ["self"] }));
      // Google showed no AI Overview for half the prompts (end state not_shown: no text).
      const shown = p % 2 === 0;
      answers.push(
        answer({
          prompt: `p${p}`,
          engine: "google_ai_overview",
          names: [],
          text: shown ? undefined : "",
        }),
      );
    }
    const [gap] = kinds(day(answers)).filter((r) => r.kind === "engine_gap");
    expect(gap?.evidence.metric).toMatchObject({ value: 0, n: 12 });
    expect(gap?.evidence.answers).toHaveLength(6);
  });

  it("earn_citation: third-party domains cited where the brand is absent; owned and competitor domains never", () => {
    const answers = [
      ...repeat(8, {
        prompt: "p1",
        engine: "openai",
        names: ["cmp_globex"],
        cites: [
          { domain: "g2.com", taxonomy: "review" },
          { domain: "globex.com", taxonomy: "competitor", entityId: "cmp_globex" },
          { domain: "acme.com", taxonomy: "owned", entityId: "self" },
        ],
      }),
      ...repeat(2, { prompt: "p2", engine: "openai", names: [], cites: [{ domain: "rare.org" }] }),
      ...repeat(40, { prompt: "p3", engine: "openai", names: [] }),
    ];
    const recs = kinds(day(answers)).filter((r) => r.kind === "earn_citation");
    expect(recs.map((r) => r.target.domain)).toEqual(["g2.com"]);
    expect(recs[0]?.evidence.metric).toMatchObject({ name: "citation_rate", value: 0.16, n: 50 });
    expect(recs[0]?.priority.effort).toBe("high");
    expect(recs[0]?.rationale).toContain("a review site");
  });

  it("improve_page: the brand named but its own pages rarely cited, with enough answers", () => {
    const own = { domain: "acme.com", taxonomy: "owned", entityId: "self" };
    const answers = [
      ...repeat(2, { prompt: "p1", engine: "openai", names: ["self"], cites: [own] }),
      ...repeat(1, {
        prompt: "p1",
        engine: "openai",
        names: ["self"],
        cites: [{ ...own, path: "pricing" }],
      }),
      ...repeat(20, {
        prompt: "p2",
        engine: "openai",
        names: ["self"],
        cites: [{ domain: "g2.com" }],
      }),
      ...repeat(17, { prompt: "p3", engine: "openai", names: ["self"] }),
      ...repeat(10, { prompt: "p4", engine: "openai", names: [], cites: [own] }),
    ];
    const recs = kinds(day(answers)).filter((r) => r.kind === "improve_page");
    expect(recs).toHaveLength(1);
    const [rec] = recs;
    expect(rec?.target).toEqual({
      domain: "acme.com",
      url: "https://acme.com/page",
      promptIds: ["p2", "p3"],
    });
    expect(rec?.evidence.metric).toMatchObject({ name: "citation_rate", value: 0.075, n: 40 });
    expect(rec?.evidence.metric.ciHigh).toBeLessThan(0.25);
    expect(rec?.evidence.answers).toHaveLength(20);
    expect(rec?.evidence.answers.every((a) => a.promptId !== "p1")).toBe(true);
    expect(rec?.priority).toMatchObject({ expectedImpact: 0.175, effort: "medium" });
    expect(rec?.priority.confidence).toBeGreaterThan(0);
    expect(rec?.priority.confidence).toBeLessThan(1);
    expect(rec?.title).toContain("https://acme.com/page");
    expect(rec?.rationale).toContain("only 3 of them");
    expect(deriveCandidates(day(answers))).toEqual(deriveCandidates(day(answers)));

    // No owned page cited that day: the primary domain, no URL.
    const none = answers.filter((a) => a.promptId === "p2" || a.promptId === "p3");
    const [fallback] = kinds(day(none)).filter((r) => r.kind === "improve_page");
    expect(fallback?.target).toMatchObject({ domain: "acme.com", url: null });
    expect(fallback?.priority.expectedImpact).toBe(0.25);
  });

  it("improve_page: not proposed when the interval reaches the threshold or nothing else is cited", () => {
    const own = { domain: "acme.com", taxonomy: "owned", entityId: "self" };
    // 0 of 8: the upper bound (Wilson, about 32%) reaches 25%.
    const few = repeat(8, {
      prompt: "p1",
      engine: "openai",
      names: ["self"],
      cites: [{ domain: "g2.com" }],
    });
    expect(kinds(day(few)).some((r) => r.kind === "improve_page")).toBe(false);
    // Owned pages cited in a third of the answers: not rare.
    const often = [
      ...repeat(20, { prompt: "p1", engine: "openai", names: ["self"], cites: [own] }),
      ...repeat(40, {
        prompt: "p2",
        engine: "openai",
        names: ["self"],
        cites: [{ domain: "g2.com" }],
      }),
    ];
    expect(kinds(day(often)).some((r) => r.kind === "improve_page")).toBe(false);
    // The brand named without any citation at all: no third-party source to replace.
    const bare = repeat(40, { prompt: "p1", engine: "openai", names: ["self"] });
    expect(kinds(day(bare)).some((r) => r.kind === "improve_page")).toBe(false);
  });

  it("fix_sentiment: negative answers about the brand, with their share", () => {
    const data = day([
      ...repeat(3, { prompt: "p1", engine: "openai", names: ["self!"] }),
      ...repeat(7, { prompt: "p2", engine: "openai", names: ["self"] }),
    ]);
    const [rec] = kinds(data).filter((r) => r.kind === "fix_sentiment");
    expect(rec?.evidence.metric).toMatchObject({ name: "negative_share", value: 0.3, n: 10 });
    expect(rec?.evidence.answers).toHaveLength(3);
    expect(kinds(day(data.answers.slice(3))).some((r) => r.kind === "fix_sentiment")).toBe(false);
  });

  it("correct_claim only under eu_medical, at most 20 evidence answers, deterministic", () => {
    const answers = repeat(25, {
      prompt: "p1",
      engine: "openai",
      names: ["self"],
      text: "Reviewers agree. Acme cures eczema for good.",
    });
    expect(kinds(day(answers)).some((r) => r.kind === "correct_claim")).toBe(false);
    const medical = day(answers, { complianceProfile: "eu_medical" });
    const [claim] = deriveCandidates(medical).filter(
      (c) => c.recommendation.kind === "correct_claim",
    );
    expect(claim?.recommendation.evidence.answers).toHaveLength(20);
    expect(claim?.claimAnswers).toHaveLength(20);
    expect(claim?.recommendation.evidence.metric).toMatchObject({ value: 1, n: 25 });
    expect(deriveCandidates(medical)).toEqual(deriveCandidates(medical));
  });

  // The rules' titles in the workspace language, never the English ones in another language.
  const claimTitles: Record<Language, string> = {
    en: "Cure, treatment or prevention of disease",
    es: "Curación, tratamiento o prevención de enfermedades",
    ca: "Curació, tractament o prevenció de malalties",
    fr: "Guérison, traitement ou prévention de maladies",
  };
  for (const language of ["en", "es", "ca", "fr"] as Language[]) {
    it(`correct_claim in ${language} names the rules by their ${language} titles`, () => {
      const answers = repeat(3, {
        prompt: "p1",
        engine: "openai",
        names: ["self"],
        text: "Reviewers agree. Acme cures eczema for good. Acme guarantees results.",
      });
      const [claim] = deriveCandidates(
        day(answers, { complianceProfile: "eu_medical", language }),
      ).filter((c) => c.recommendation.kind === "correct_claim");
      const rationale = claim?.recommendation.rationale ?? "";
      expect(rationale).toContain(claimTitles[language]);
      if (language !== "en") expect(rationale).not.toContain(claimTitles.en);
      // The texts are checked without the quoted titles: no finding of their own.
      expect(Object.values(claim?.checked ?? {}).join(" ")).not.toContain(claimTitles[language]);
    });
  }

  it("every compliance rule has a title in each language, translated", () => {
    const { rules } = complianceRules({ profile: "eu_medical" });
    for (const rule of rules) {
      const titles = Object.values(rule.title);
      expect(titles.every((t) => t.trim().length > 0)).toBe(true);
      for (const language of ["es", "ca", "fr"] as const)
        expect(rule.title[language], `${rule.id}.${language}`).not.toBe(rule.title.en);
    }
    const es = rules.map((r) => r.title.es);
    expect(new Set(es).size).toBe(rules.length);
  });
});

describe("templates", () => {
  const values = {
    prompt: "best remedy for eczema",
    brand: "Acme",
    competitor: "Globex",
    date: "2026-05-04",
    n: 12,
    without: 5,
    brandShare: "10%",
    competitorShare: "60%",
    domain: "g2.com",
    source: "a review site",
    cited: 4,
    share: "30%",
    engine: "perplexity",
    bestEngine: "openai",
    engineShare: "5%",
    bestShare: "55%",
    negative: 3,
    claims: 2,
    rules: "Cure, treatment or prevention of disease",
    page: "https://acme.com/eczema-cream",
    thirdParty: 7,
  };
  const kindsList: TemplatedKind[] = [
    "create_content",
    "earn_citation",
    "improve_page",
    "engine_gap",
    "fix_sentiment",
    "correct_claim",
  ];
  for (const language of ["en", "es", "ca", "fr"] as Language[]) {
    it(`${language}: every placeholder filled, and the texts pass the eu_medical gate`, () => {
      for (const kind of kindsList) {
        const { texts, checked } = renderRecommendationText(kind, language, values, [
          "prompt",
          "rules",
        ]);
        for (const text of Object.values(texts)) expect(text).not.toMatch(/\{[a-zA-Z]+\}/);
        for (const [field, text] of Object.entries(checked)) {
          const findings = checkCompliance({ text, language, profile: "eu_medical" });
          expect(
            findings.map((f) => f.ruleId),
            `${kind}.${field}: ${text}`,
          ).toEqual([]);
        }
      }
    });
  }
});
