import { describe, expect, it } from "vitest";
import { fingerprintOf } from "../../src/services/recommendations/recommendation-rules.js";
import {
  type DerivedRecommendation,
  upsertDerivedRecommendations,
} from "../../src/services/recommendations/upsert-derived-recommendation.js";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { derived, finding, move, seed } from "./recommendation-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let medical: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("upsert@example.com");
  slug = await t.createWorkspace(cookie, { brand: "upsert-plain" });
  medical = await t.createWorkspace(cookie, {
    brand: "upsert-medical",
    complianceProfile: "eu_medical",
  });
});

const row = (id: string) =>
  t.server.ctx.prisma.recommendation.findUniqueOrThrow({
    where: { id },
    include: { answers: true, transitions: { orderBy: { id: "asc" } } },
  });

describe("upsertDerivedRecommendation", () => {
  it("creates a proposed recommendation with its evidence, priority and history", async () => {
    const { recommendationId, outcome } = await seed(t, slug, derived("create"));
    expect(outcome).toBe("created");
    const stored = await row(recommendationId);
    expect(stored.status).toBe("proposed");
    // round(100 x 0.5 x 0.8 / 2)
    expect(stored.priorityScore).toBe(20);
    expect(stored.answers).toHaveLength(1);
    expect(stored.transitions.map((tr) => [tr.action, tr.fromStatus, tr.toStatus])).toEqual([
      ["derive", null, "proposed"],
    ]);
  });

  it("the fingerprint ignores the order and duplicates of the target's ids and engines", () => {
    const a = fingerprintOf("engine_gap", {
      promptIds: ["p2", "p1"],
      engines: ["gemini", "openai"],
    });
    const b = fingerprintOf("engine_gap", {
      promptIds: ["p1", "p2", "p1"],
      engines: ["openai", "gemini"],
    });
    expect(a).toBe(b);
    expect(fingerprintOf("create_content", { promptIds: ["p1", "p2"] })).not.toBe(
      fingerprintOf("engine_gap", { promptIds: ["p1", "p2"] }),
    );
  });

  it("improve_page: one per page, its prompt ids rewritten by the next derivation", async () => {
    const page = { domain: "Acme.com", url: "https://acme.com/pricing" };
    expect(fingerprintOf("improve_page", { ...page, promptIds: ["p1"] })).toBe(
      fingerprintOf("improve_page", { ...page, promptIds: ["p2", "p3"] }),
    );
    expect(fingerprintOf("improve_page", { ...page, url: "https://acme.com/" })).not.toBe(
      fingerprintOf("improve_page", page),
    );
    const first = await seed(
      t,
      slug,
      derived("page", { kind: "improve_page", target: { ...page, promptIds: ["p1"] } }),
    );
    const again = await seed(
      t,
      slug,
      derived("page", { kind: "improve_page", target: { ...page, promptIds: ["p3", "p2"] } }),
    );
    expect(again).toEqual({ recommendationId: first.recommendationId, outcome: "updated" });
    const stored = await row(first.recommendationId);
    expect(stored).toMatchObject({
      promptIds: ["p2", "p3"],
      domain: "acme.com",
      url: "https://acme.com/pricing",
    });
  });

  it("re-deriving updates the open one instead of duplicating it", async () => {
    const first = await seed(t, slug, derived("again"));
    const again = await seed(
      t,
      slug,
      derived("again", {
        title: "New title",
        priority: { expectedImpact: 1, confidence: 1, effort: "low" },
      }),
    );
    expect(again).toEqual({ recommendationId: first.recommendationId, outcome: "updated" });
    const stored = await row(first.recommendationId);
    expect(stored.title).toBe("New title");
    expect(stored.priorityScore).toBe(100);
    expect(stored.transitions).toHaveLength(1);
    const count = await t.server.ctx.prisma.recommendation.count({
      where: { fingerprint: stored.fingerprint },
    });
    expect(count).toBe(1);
  });

  it("a dismissed one is not proposed again for the same evidence, but is when it changes materially", async () => {
    const { recommendationId } = await seed(t, slug, derived("dismissed"));
    await move(t, { cookie }, slug, recommendationId, "dismiss", { reason: "not_relevant" });
    // 0.02 is within the same 0.05 step: not material.
    const small = derived("dismissed");
    small.evidence.metric = { ...small.evidence.metric, value: 0.02 };
    expect((await seed(t, slug, small)).outcome).toBe("unchanged");
    expect((await row(recommendationId)).status).toBe("dismissed");
    const large = derived("dismissed");
    large.evidence.metric = { ...large.evidence.metric, value: 0.3 };
    expect((await seed(t, slug, large)).outcome).toBe("reproposed");
    const stored = await row(recommendationId);
    expect(stored.status).toBe("proposed");
    expect(stored.dismissReason).toBeNull();
    expect(stored.transitions.at(-1)).toMatchObject({
      action: "rederive",
      fromStatus: "dismissed",
      toStatus: "proposed",
      actorType: "system",
    });
  });

  it("an explicit evidenceHash decides instead of the default", async () => {
    const { recommendationId } = await seed(t, slug, derived("hash", { evidenceHash: "h1" }));
    await move(t, { cookie }, slug, recommendationId, "dismiss", { reason: "other" });
    expect((await seed(t, slug, derived("hash", { evidenceHash: "h1" }))).outcome).toBe(
      "unchanged",
    );
    expect((await seed(t, slug, derived("hash", { evidenceHash: "h2" }))).outcome).toBe(
      "reproposed",
    );
  });

  it("a done one is left alone", async () => {
    const { recommendationId } = await seed(t, slug, derived("done"));
    await move(t, { cookie }, slug, recommendationId, "accept");
    await move(t, { cookie }, slug, recommendationId, "done");
    expect((await seed(t, slug, derived("done", { title: "changed" }))).outcome).toBe("unchanged");
    expect((await row(recommendationId)).title).not.toBe("changed");
  });

  it("profile none: findings are not stored and nothing is flagged", async () => {
    const { recommendationId } = await seed(
      t,
      slug,
      derived("none-profile", { complianceFindings: [finding] }),
    );
    const stored = await row(recommendationId);
    expect(stored.status).toBe("proposed");
    expect(stored.findingCount).toBe(0);
  });

  it("eu_medical: findings flag it; a cleared set does not flag it again, a new finding does", async () => {
    const created = await seed(t, medical, derived("flag", { complianceFindings: [finding] }));
    let stored = await row(created.recommendationId);
    expect(stored.status).toBe("flagged");
    expect(stored.findingCount).toBe(1);
    await move(t, { cookie }, medical, created.recommendationId, "review", {
      decision: "clear",
      note: "The wording is about sleep routines, not a disease.",
    });
    await seed(t, medical, derived("flag", { complianceFindings: [finding] }));
    expect((await row(created.recommendationId)).status).toBe("proposed");
    const other = { ...finding, ruleId: "eu_medical.no_side_effects", excerpt: "100% safe" };
    await seed(t, medical, derived("flag", { complianceFindings: [finding, other] }));
    stored = await row(created.recommendationId);
    expect(stored.status).toBe("flagged");
    expect(stored.transitions.map((tr) => tr.action)).toEqual(["derive", "review", "flag"]);
  });

  it("keeps at most 20 answers and 400-character excerpts", async () => {
    const many = derived("many");
    const answer = many.evidence.answers[0];
    if (!answer) throw new Error("fixture has an answer");
    many.evidence.answers = Array.from({ length: 25 }, () => ({
      ...answer,
      excerpt: "x".repeat(1000),
    }));
    const stored = await row((await seed(t, slug, many)).recommendationId);
    expect(stored.answers).toHaveLength(20);
    expect(stored.answers[0]?.excerpt).toHaveLength(400);
  });

  it("re-deriving replaces the evidence answers: rewritten in place, the positions no longer used removed", async () => {
    const fewer = derived("fewer");
    const answer = fewer.evidence.answers[0];
    if (!answer) throw new Error("fixture has an answer");
    fewer.evidence.answers = ["one", "two", "three"].map((excerpt) => ({ ...answer, excerpt }));
    const { recommendationId } = await seed(t, slug, fewer);
    expect((await row(recommendationId)).answers.map((a) => a.excerpt).sort()).toEqual([
      "one",
      "three",
      "two",
    ]);
    fewer.evidence.answers = [{ ...answer, excerpt: "only" }];
    expect((await seed(t, slug, fewer)).outcome).toBe("updated");
    const stored = await row(recommendationId);
    expect(stored.answers.map((a) => [a.position, a.excerpt])).toEqual([[0, "only"]]);
  });
});

describe("upsertDerivedRecommendations (a derivation's batch)", () => {
  const batch = async (workspaceSlug: string, recommendations: DerivedRecommendation[]) => {
    const workspace = await t.server.ctx.prisma.workspace.findUniqueOrThrow({
      where: { slug: workspaceSlug },
    });
    return t.server.ctx.prisma
      .$transaction((tx) =>
        upsertDerivedRecommendations({
          tx,
          clock: t.clock,
          workspaceId: workspace.id,
          complianceProfile: workspace.complianceProfile,
          recommendations,
        }),
      )
      .then(({ results }) => results);
  };

  it("creates, updates, re-proposes and leaves alone in one batch, as calls one by one would", async () => {
    const open = await seed(t, slug, derived("b-open"));
    const dismissed = await seed(t, slug, derived("b-dismissed"));
    await move(t, { cookie }, slug, dismissed.recommendationId, "dismiss", {
      reason: "not_relevant",
    });
    const done = await seed(t, slug, derived("b-done"));
    for (const verb of ["accept", "start", "done"] as const)
      await move(t, { cookie }, slug, done.recommendationId, verb);
    const changedEvidence = derived("b-dismissed");
    changedEvidence.evidence = {
      ...changedEvidence.evidence,
      metric: { ...changedEvidence.evidence.metric, value: 0.6 },
    };
    const results = await batch(slug, [
      derived("b-new"),
      derived("b-open", { title: "A new title" }),
      changedEvidence,
      derived("b-done"),
    ]);
    expect(results.map((r) => r.outcome)).toEqual([
      "created",
      "updated",
      "reproposed",
      "unchanged",
    ]);
    expect(results.slice(1).map((r) => r.recommendationId)).toEqual([
      open.recommendationId,
      dismissed.recommendationId,
      done.recommendationId,
    ]);
    expect((await row(open.recommendationId)).title).toBe("A new title");
    const reproposed = await row(dismissed.recommendationId);
    expect(reproposed.status).toBe("proposed");
    expect(reproposed.transitions.map((tr) => tr.action)).toEqual([
      "derive",
      "dismiss",
      "rederive",
    ]);
    const created = await row(results[0]?.recommendationId as string);
    expect([created.status, created.answers.length]).toEqual(["proposed", 1]);
  });

  it("a fingerprint twice in one batch ends as the later one", async () => {
    const results = await batch(slug, [
      derived("b-twice", { title: "First" }),
      derived("b-twice", { title: "Second" }),
    ]);
    expect(results.map((r) => r.outcome)).toEqual(["created", "updated"]);
    expect(results[0]?.recommendationId).toBe(results[1]?.recommendationId);
    const stored = await row(results[0]?.recommendationId as string);
    expect(stored.title).toBe("Second");
    expect(stored.answers).toHaveLength(1);
    expect(stored.transitions.map((tr) => tr.action)).toEqual(["derive"]);
  });

  it("created and then flagged in one batch: stored flagged, both steps in its history", async () => {
    const results = await batch(medical, [
      derived("b-flag-later"),
      derived("b-flag-later", { complianceFindings: [finding] }),
    ]);
    expect(results.map((r) => r.outcome)).toEqual(["created", "updated"]);
    const stored = await row(results[0]?.recommendationId as string);
    expect([stored.status, stored.findingCount]).toEqual(["flagged", 1]);
    expect(stored.transitions.map((tr) => [tr.action, tr.fromStatus, tr.toStatus])).toEqual([
      ["derive", null, "proposed"],
      ["flag", "proposed", "flagged"],
    ]);
  });
});
