import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { call, derived, expectError, newKey, seed, transition } from "./recommendation-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let otherSlug: string;
let foreignId: string;
let mineId: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("recs-mine@example.com");
  slug = await t.createWorkspace(cookie, { brand: "recs-mine" });
  mineId = (await seed(t, slug, derived("mine"))).recommendationId;
  const other = await t.signIn("recs-theirs@example.com");
  otherSlug = await t.createWorkspace(other, { brand: "recs-theirs" });
  foreignId = (await seed(t, otherSlug, derived("theirs"))).recommendationId;
});

const bodies = {
  accept: {},
  start: {},
  done: {},
  dismiss: { reason: "other" },
  review: { decision: "dismiss", note: "no" },
} as const;

describe("recommendations: 404", () => {
  it("GET another workspace's recommendation: not_found", async () => {
    const response = await call(t, { cookie }, "GET", slug, `/recommendations/${foreignId}`);
    expectError(response, 404, "not_found");
    expect(response.body.error.message).toBe("Recommendation not found.");
  });

  it.each(Object.keys(bodies) as (keyof typeof bodies)[])(
    "%s another workspace's recommendation: not_found, and it is untouched",
    async (verb) => {
      const response = await transition(t, { cookie }, slug, foreignId, verb, {
        idempotencyKey: newKey(),
        ...bodies[verb],
      });
      expectError(response, 404, "not_found");
      const row = await t.server.ctx.prisma.recommendation.findUniqueOrThrow({
        where: { id: foreignId },
      });
      expect(row.status).toBe("proposed");
    },
  );

  it("an unknown id: not_found", async () => {
    const response = await call(
      t,
      { cookie },
      "GET",
      slug,
      "/recommendations/rec_01JD0000000000000000000000",
    );
    expectError(response, 404, "not_found");
  });

  it("another workspace's slug (a member of one, a key of one): workspace_not_found", async () => {
    expectError(
      await call(t, { cookie }, "GET", otherSlug, "/recommendations"),
      404,
      "workspace_not_found",
    );
    expectError(
      await transition(t, { cookie }, otherSlug, foreignId, "accept", { idempotencyKey: newKey() }),
      404,
      "workspace_not_found",
    );
    const key = await t.mintKey(cookie, slug, ["recs:read", "recs:write"]);
    expectError(
      await call(t, { bearer: key.secret }, "GET", otherSlug, `/recommendations/${foreignId}`),
      404,
      "workspace_not_found",
    );
    expectError(
      await transition(t, { bearer: key.secret }, otherSlug, mineId, "accept", {
        idempotencyKey: newKey(),
      }),
      404,
      "workspace_not_found",
    );
  });

  it("the other workspace's recommendations are not listed here", async () => {
    const response = await call(t, { cookie }, "GET", slug, "/recommendations");
    expect(response.body.data.map((r: any) => r.recommendationId)).toEqual([mineId]);
  });
});
