import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import {
  derived,
  expectError,
  finding,
  move,
  newKey,
  seed,
  transition,
} from "./recommendation-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("recs-conflict@example.com");
  slug = await t.createWorkspace(cookie, {
    brand: "recs-conflict",
    complianceProfile: "eu_medical",
  });
});

type Verb = "accept" | "start" | "done" | "dismiss" | "review";
const bodies: Record<Verb, Record<string, unknown>> = {
  accept: {},
  start: {},
  done: {},
  dismiss: { reason: "other" },
  review: { decision: "clear", note: "fine" },
};

/** A recommendation brought to `status` through the API. */
async function inStatus(status: string, label: string): Promise<string> {
  const findings = status === "flagged" ? [finding] : [];
  const { recommendationId } = await seed(
    t,
    slug,
    derived(label, { complianceFindings: findings }),
  );
  const path: Record<string, [Verb, Record<string, unknown>][]> = {
    proposed: [],
    flagged: [],
    accepted: [["accept", {}]],
    in_progress: [
      ["accept", {}],
      ["start", {}],
    ],
    done: [
      ["accept", {}],
      ["done", {}],
    ],
    dismissed: [["dismiss", { reason: "other" }]],
  };
  for (const [verb, extra] of path[status] ?? []) {
    await move(t, { cookie }, slug, recommendationId, verb, extra);
  }
  return recommendationId;
}

const disallowed: [Verb, string, string[]][] = [
  ["accept", "accepted", ["proposed"]],
  ["accept", "flagged", ["proposed"]],
  ["accept", "done", ["proposed"]],
  ["start", "proposed", ["accepted"]],
  ["start", "in_progress", ["accepted"]],
  ["done", "proposed", ["accepted", "in_progress"]],
  ["done", "dismissed", ["accepted", "in_progress"]],
  ["dismiss", "flagged", ["proposed", "accepted", "in_progress"]],
  ["dismiss", "done", ["proposed", "accepted", "in_progress"]],
  ["dismiss", "dismissed", ["proposed", "accepted", "in_progress"]],
  ["review", "proposed", ["flagged"]],
  ["review", "accepted", ["flagged"]],
];

describe("recommendation transitions: 409", () => {
  it.each(disallowed)(
    "%s from %s: invalid_transition with the current status",
    async (verb, status, allowedFrom) => {
      const id = await inStatus(status, `${verb}-${status}`);
      const response = await transition(t, { cookie }, slug, id, verb, {
        idempotencyKey: newKey(),
        ...bodies[verb],
      });
      expectError(response, 409, "invalid_transition");
      expect(response.body.error.details).toEqual({
        status,
        action: verb === "done" ? "done" : verb,
        allowedFrom,
      });
      const row = await t.server.ctx.prisma.recommendation.findUniqueOrThrow({ where: { id } });
      expect(row.status).toBe(status);
    },
  );

  it("the same key with another body: idempotency_key_reused, nothing changes", async () => {
    const id = await inStatus("proposed", "reuse-body");
    const idempotencyKey = newKey();
    await move(t, { cookie }, slug, id, "dismiss", { idempotencyKey, reason: "other" });
    const response = await transition(t, { cookie }, slug, id, "dismiss", {
      idempotencyKey,
      reason: "not_relevant",
    });
    expectError(response, 409, "idempotency_key_reused");
    const row = await t.server.ctx.prisma.recommendation.findUniqueOrThrow({ where: { id } });
    expect(row.dismissReason).toBe("other");
  });

  it("the same key on another recommendation: idempotency_key_reused", async () => {
    const first = await inStatus("proposed", "reuse-first");
    const second = await inStatus("proposed", "reuse-second");
    const idempotencyKey = newKey();
    await move(t, { cookie }, slug, first, "accept", { idempotencyKey });
    const response = await transition(t, { cookie }, slug, second, "accept", { idempotencyKey });
    expectError(response, 409, "idempotency_key_reused");
    const row = await t.server.ctx.prisma.recommendation.findUniqueOrThrow({
      where: { id: second },
    });
    expect(row.status).toBe("proposed");
  });

  it("a retry after a later transition still returns the first result, not a 409", async () => {
    const id = await inStatus("proposed", "retry-later");
    const body = { idempotencyKey: newKey() };
    await transition(t, { cookie }, slug, id, "accept", body);
    await move(t, { cookie }, slug, id, "start");
    const retry = await transition(t, { cookie }, slug, id, "accept", body);
    expect(retry.status).toBe(200);
    expect(retry.body.status).toBe("in_progress");
  });

  it("two racing transitions with different keys: one wins, the other is invalid_transition", async () => {
    const id = await inStatus("proposed", "race");
    const [a, b] = await Promise.all([
      transition(t, { cookie }, slug, id, "accept", { idempotencyKey: newKey() }),
      transition(t, { cookie }, slug, id, "accept", { idempotencyKey: newKey() }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const history = await t.server.ctx.prisma.recommendationTransition.count({
      where: { recommendationId: id, action: "accept" },
    });
    expect(history).toBe(1);
  });
});
