import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../harness/eventually.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { call } from "../workspace-config/config-fixtures.js";
import {
  allRecommendations,
  derive,
  outrankedWorkspace,
  runAndWait,
  runAnswers,
} from "./derivation-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let run: any;
let claimed: any;

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  t.clock.set("2026-06-10T09:00:00.000Z");
  cookie = await t.signIn("recs-derive-medical@example.com");
  slug = await outrankedWorkspace(t, cookie, { complianceProfile: "eu_medical" }, 12);
  // An engine's answer that attributes a disease claim to the brand (written to
  // the stored answer, as an engine could have said it). The simulated answers draw afresh
  // per run (the seed holds the run id): a succeeded run names the brand in 3 to 9 of its
  // 24 answers (15 runs measured), and a run naming it in none gets another run.
  const prisma = t.server.ctx.prisma;
  let mention: { responseId: string } | null = null;
  for (let runs = 1; !mention; runs++) {
    expect(runs, "runs without a brand mention").toBeLessThan(6);
    run = await runAndWait(t, slug, cookie);
    expect(run.status, JSON.stringify(run)).toBe("succeeded");
    mention = await prisma.responseMention.findFirst({
      where: { entityId: "self", response: { runId: run.runId } },
      orderBy: { responseId: "asc" },
    });
  }
  const response = await prisma.engineResponse.findUniqueOrThrow({
    where: { id: (mention as { responseId: string }).responseId },
  });
  claimed = await prisma.engineResponse.update({
    where: { id: response.id },
    data: { answer: `${response.answer} Many users say hooli cures acne in a week.` },
  });
}, 120_000);
afterAll(() => t.close());

describe("derivation in an eu_medical workspace", () => {
  it("correct_claim is flagged with the answer's finding, and its evidence is the stored answer", async () => {
    const body = await derive(t, cookie, slug);
    const entry = body.recommendations.find((r: any) => r.kind === "correct_claim");
    expect(entry).toBeDefined();
    const recs = await allRecommendations(t, cookie, slug);
    const rec = recs.find((r) => r.recommendationId === entry.recommendationId);
    expect(rec.status).toBe("flagged");
    expect(rec.evidence.metric.name).toBe("restricted_claims");
    expect(rec.evidence.metric.value).toBeGreaterThan(0);
    expect(rec.priority.confidence).toBe(1);
    const answerFindings = rec.complianceFindings.filter((f: any) => f.field === "answer");
    expect(answerFindings.map((f: any) => f.ruleId)).toContain("disease_claim");
    // The texts name the rule, never repeat the claim: only the answer is a finding.
    expect(rec.complianceFindings.every((f: any) => f.field === "answer")).toBe(true);
    expect(rec.title).not.toMatch(/cures/i);
    const [evidence] = rec.evidence.answers;
    expect(evidence.responseId).toBe(claimed.id);
    expect(evidence.excerpt).toContain("hooli cures acne");
    const stored = (await runAnswers(t, slug, run.runId, cookie)).find(
      (a: any) => a.responseId === claimed.id,
    );
    expect(stored.answer).toContain(evidence.excerpt.replace(/^…|…$/g, ""));
    // The other kinds' texts are compliant: nothing else is flagged.
    for (const other of recs.filter((r) => r.kind !== "correct_claim")) {
      expect(other.complianceFindings, other.title).toEqual([]);
      expect(other.status).toBe("proposed");
    }
  });

  it("GET /metrics counts it in pendingRecommendations.complianceFlagged", async () => {
    const recs = await allRecommendations(t, cookie, slug);
    const expected = {
      proposed: recs.filter((r) => r.status === "proposed").length,
      complianceFlagged: recs.filter((r) => r.status === "flagged").length,
    };
    expect(expected.complianceFlagged).toBe(1);
    const counts = await eventually(async () => {
      const response = await call(t, { cookie }, "GET", slug, "/metrics");
      expect(response.status, response.text).toBe(200);
      const pending = response.body.pendingRecommendations;
      return pending.proposed === expected.proposed &&
        pending.complianceFlagged === expected.complianceFlagged
        ? pending
        : undefined;
    }, 5_000);
    expect(counts).toEqual(expected);
  });

  it("re-deriving keeps one flagged correct_claim", async () => {
    const body = await derive(t, cookie, slug);
    expect(body.created).toBe(0);
    const claims = (await allRecommendations(t, cookie, slug)).filter(
      (r) => r.kind === "correct_claim",
    );
    expect(claims).toHaveLength(1);
    expect(claims[0].status).toBe("flagged");
  });
});
