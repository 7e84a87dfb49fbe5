import { expect } from "vitest";
import {
  type DerivedRecommendation,
  type UpsertOutcome,
  upsertDerivedRecommendation,
} from "../../src/services/recommendations/upsert-derived-recommendation.js";
import type { TestServer } from "../harness/test-server.js";
import { type Caller, call } from "../workspace-config/config-fixtures.js";

export { type Caller, call, expectError, fieldsOf } from "../workspace-config/config-fixtures.js";

/** A derived recommendation as the derivation would store it; `label` makes the target unique. */
export function derived(
  label: string,
  overrides: Partial<DerivedRecommendation> = {},
): DerivedRecommendation {
  return {
    kind: "create_content",
    language: "en",
    title: `Publish a comparison page for ${label}`,
    rationale: `Globex is named in 6 of 8 answers on ${label}; Acme in none.`,
    action: `Write a page that answers "${label}" and names Acme's strengths.`,
    target: { promptIds: [`prm_${label}`], engines: ["openai"] },
    priority: { expectedImpact: 0.5, confidence: 0.8, effort: "medium" },
    evidence: {
      metric: { name: "visibility", value: 0, ciLow: 0, ciHigh: 0.2, n: 8, date: "2026-11-20" },
      comparison: { entity: "Globex", value: 0.75, ciLow: 0.45, ciHigh: 0.92, n: 8 },
      answers: [
        {
          runId: "run_01JD0000000000000000000000",
          responseId: "rsp_01JD0000000000000000000000",
          engine: "openai",
          promptId: `prm_${label}`,
          prompt: `best tools for ${label}`,
          excerpt: "Globex is the leading option for this.",
          citations: [{ position: 1, url: "https://globex.com/compare", title: "Globex" }],
        },
      ],
    },
    ...overrides,
  };
}

/** Stores one through the derivation's helper, in its own transaction. */
export async function seed(
  t: TestServer,
  slug: string,
  recommendation: DerivedRecommendation,
): Promise<{ recommendationId: string; outcome: UpsertOutcome }> {
  const workspace = await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
  return t.server.ctx.prisma.$transaction((tx) =>
    upsertDerivedRecommendation({
      tx,
      clock: t.clock,
      workspaceId: workspace.id,
      complianceProfile: workspace.complianceProfile,
      recommendation,
    }),
  );
}

export const finding = {
  ruleId: "eu_medical.cure_claim",
  regulation: "Regulation (EC) No 1924/2006",
  article: "Article 14",
  field: "action" as const,
  excerpt: "cures insomnia",
  rewording: "may help you sleep better",
};

let keyCounter = 0;
/** A fresh idempotency key. */
export const newKey = () => `key-${++keyCounter}`;

/** POST a transition of one recommendation. */
export function transition(
  t: TestServer,
  caller: Caller,
  slug: string,
  recommendationId: string,
  verb: "accept" | "start" | "done" | "dismiss" | "review",
  body: Record<string, unknown>,
) {
  return call(t, caller, "POST", slug, `/recommendations/${recommendationId}/${verb}`, body);
}

/** POST a transition that must succeed; returns the recommendation. */
export async function move(
  t: TestServer,
  caller: Caller,
  slug: string,
  recommendationId: string,
  verb: "accept" | "start" | "done" | "dismiss" | "review",
  extra: Record<string, unknown> = {},
): Promise<any> {
  const response = await transition(t, caller, slug, recommendationId, verb, {
    idempotencyKey: newKey(),
    ...extra,
  });
  expect(response.status, response.text).toBe(200);
  return response.body;
}
