import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { call, derived, finding, move, seed } from "./recommendation-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
const ids: Record<string, string> = {};
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("recs-list@example.com");
  slug = await t.createWorkspace(cookie, { brand: "recs-list", complianceProfile: "eu_medical" });
  // Oldest first: ids are time-ordered.
  ids.content = (await seed(t, slug, derived("content"))).recommendationId;
  t.clock.advance(1000);
  ids.gap = (
    await seed(
      t,
      slug,
      derived("gap", {
        kind: "engine_gap",
        target: { promptIds: ["prm_gap"], engines: ["gemini"] },
      }),
    )
  ).recommendationId;
  t.clock.advance(1000);
  ids.flagged = (
    await seed(t, slug, derived("flagged", { complianceFindings: [finding] }))
  ).recommendationId;
  t.clock.advance(1000);
  ids.accepted = (await seed(t, slug, derived("accepted"))).recommendationId;
  await move(t, { cookie }, slug, ids.accepted, "accept");
});

const list = async (query = "") => {
  const response = await call(t, { cookie }, "GET", slug, `/recommendations${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body as { data: any[]; nextCursor: string | null };
};

describe("GET /recommendations: 200", () => {
  it("lists newest first with evidence and history", async () => {
    const page = await list();
    expect(page.data.map((r) => r.recommendationId)).toEqual([
      ids.accepted,
      ids.flagged,
      ids.gap,
      ids.content,
    ]);
    expect(page.nextCursor).toBeNull();
    const content = page.data.at(-1);
    expect(content).toMatchObject({
      workspace: slug,
      kind: "create_content",
      status: "proposed",
      language: "en",
      target: { promptIds: ["prm_content"], domain: null, url: null, engines: ["openai"] },
      priority: { score: 20, expectedImpact: 0.5, confidence: 0.8, effort: "medium" },
      evidence: {
        metric: { name: "visibility", value: 0, ciLow: 0, ciHigh: 0.2, n: 8 },
        comparison: { entity: "Globex" },
      },
      complianceFindings: [],
      dismissal: null,
      impact: null,
    });
    expect(content.evidence.answers[0]).toMatchObject({
      engine: "openai",
      promptId: "prm_content",
    });
    expect(content.history).toHaveLength(1);
  });

  it.each([
    ["?status=proposed", ["content", "gap"]],
    ["?status=accepted", ["accepted"]],
    ["?status=flagged", ["flagged"]],
    ["?kind=engine_gap", ["gap"]],
    ["?engine=gemini", ["gap"]],
    ["?engine=openai", ["accepted", "flagged", "content"]],
    ["?flagged=true", ["flagged"]],
    ["?flagged=false&status=proposed", ["gap", "content"]],
    ["?kind=fix_sentiment", []],
  ])("filters %s", async (query, expected) => {
    const page = await list(query);
    expect(page.data.map((r) => r.recommendationId).sort()).toEqual(
      expected.map((name) => ids[name]).sort(),
    );
  });

  it("pages with the cursor", async () => {
    const first = await list("?limit=3");
    expect(first.data).toHaveLength(3);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(`?limit=3&cursor=${first.nextCursor}`);
    expect(second.data.map((r) => r.recommendationId)).toEqual([ids.content]);
    expect(second.nextCursor).toBeNull();
  });

  it("an API key with recs:read lists them too", async () => {
    const key = await t.mintKey(cookie, slug, ["recs:read"]);
    const response = await call(t, { bearer: key.secret }, "GET", slug, "/recommendations?limit=1");
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
  });

  it("GET one: the detail with its full evidence", async () => {
    const response = await call(t, { cookie }, "GET", slug, `/recommendations/${ids.flagged}`);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      recommendationId: ids.flagged,
      status: "flagged",
      complianceFindings: [finding],
      history: [
        { action: "derive", from: null, to: "flagged", actor: { type: "system", id: null } },
      ],
    });
    expect(response.body.evidence.answers[0].citations).toEqual([
      { position: 1, url: "https://globex.com/compare", title: "Globex" },
    ]);
    expect(response.body.fingerprint).toMatch(/^[0-9a-f]{32}$/);
  });
});
