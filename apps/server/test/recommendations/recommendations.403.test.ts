import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import {
  call,
  derived,
  expectError,
  finding,
  newKey,
  seed,
  transition,
} from "./recommendation-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let flagged: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("recs-forbidden@example.com");
  slug = await t.createWorkspace(cookie, {
    brand: "recs-forbidden",
    complianceProfile: "eu_medical",
  });
  flagged = (await seed(t, slug, derived("flagged", { complianceFindings: [finding] })))
    .recommendationId;
});

describe("recommendations: 403", () => {
  it("review is session only: a key with every recs scope gets session_required", async () => {
    const key = await t.mintKey(cookie, slug, ["recs:read", "recs:write"]);
    const response = await transition(t, { bearer: key.secret }, slug, flagged, "review", {
      idempotencyKey: newKey(),
      decision: "clear",
      note: "looks fine",
    });
    expectError(response, 403, "session_required");
    const row = await t.server.ctx.prisma.recommendation.findUniqueOrThrow({
      where: { id: flagged },
    });
    expect(row.status).toBe("flagged");
  });

  it("a key with recs:read only cannot transition (insufficient_scope recs:write)", async () => {
    const key = await t.mintKey(cookie, slug, ["recs:read"]);
    const response = await transition(t, { bearer: key.secret }, slug, flagged, "dismiss", {
      idempotencyKey: newKey(),
      reason: "other",
    });
    expectError(response, 403, "insufficient_scope");
    expect(response.body.error.details.requiredScope).toBe("recs:write");
  });

  it("a key without recs:read cannot list (insufficient_scope recs:read)", async () => {
    const key = await t.mintKey(cookie, slug, ["metrics:read"]);
    const response = await call(t, { bearer: key.secret }, "GET", slug, "/recommendations");
    expectError(response, 403, "insufficient_scope");
    expect(response.body.error.details.requiredScope).toBe("recs:read");
  });
});
