import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { auditOf } from "../workspace-config/config-fixtures.js";
import {
  call,
  derived,
  finding,
  move,
  newKey,
  seed,
  transition,
} from "./recommendation-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let writer: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("recs-move@example.com");
  slug = await t.createWorkspace(cookie, { brand: "recs-move", complianceProfile: "eu_medical" });
  writer = (await t.mintKey(cookie, slug, ["recs:write"])).secret;
});

describe("recommendation transitions: 200", () => {
  it("proposed -> accepted -> in_progress -> done, with history, audit and the impact baseline", async () => {
    const { recommendationId } = await seed(t, slug, derived("life"));
    const accepted = await move(t, { bearer: writer }, slug, recommendationId, "accept", {
      note: "Marketing will write it.",
    });
    expect(accepted.status).toBe("accepted");
    expect(accepted.impact).toBeNull();
    const started = await move(t, { cookie }, slug, recommendationId, "start");
    expect(started.status).toBe("in_progress");
    const done = await move(t, { cookie }, slug, recommendationId, "done");
    expect(done.status).toBe("done");
    expect(done.impact).toEqual({
      baseline: { name: "visibility", value: 0, ciLow: 0, ciHigh: 0.2, n: 8, date: "2026-11-20" },
      current: null,
      delta: null,
      verdict: "not_enough_data",
    });
    expect(done.history.map((h: any) => [h.action, h.from, h.to])).toEqual([
      ["derive", null, "proposed"],
      ["accept", "proposed", "accepted"],
      ["start", "accepted", "in_progress"],
      ["done", "in_progress", "done"],
    ]);
    expect(done.history[1]).toMatchObject({
      note: "Marketing will write it.",
      actor: { type: "api_key" },
    });
    expect(done.history[2].actor.type).toBe("user");
    for (const action of ["accept", "start", "done"]) {
      const events = await auditOf(t, slug, `recommendation.${action}`);
      expect(events.map((e) => e.targetId)).toContain(recommendationId);
    }
  });

  it("accepted -> done directly", async () => {
    const { recommendationId } = await seed(t, slug, derived("shortcut"));
    await move(t, { cookie }, slug, recommendationId, "accept");
    expect((await move(t, { cookie }, slug, recommendationId, "done")).status).toBe("done");
  });

  it.each(["proposed", "accepted", "in_progress"])(
    "dismiss from %s keeps the reason",
    async (from) => {
      const { recommendationId } = await seed(t, slug, derived(`dismiss-${from}`));
      if (from !== "proposed") await move(t, { cookie }, slug, recommendationId, "accept");
      if (from === "in_progress") await move(t, { cookie }, slug, recommendationId, "start");
      const dismissed = await move(t, { bearer: writer }, slug, recommendationId, "dismiss", {
        reason: "not_feasible",
        note: "No budget this quarter.",
      });
      expect(dismissed.status).toBe("dismissed");
      expect(dismissed.dismissal).toEqual({
        reason: "not_feasible",
        note: "No budget this quarter.",
        at: t.clock.now().toISOString(),
      });
      expect(dismissed.history.at(-1)).toMatchObject({
        action: "dismiss",
        from,
        reason: "not_feasible",
      });
      const [event] = (await auditOf(t, slug, "recommendation.dismiss")).filter(
        (e) => e.targetId === recommendationId,
      );
      expect(event?.metadata).toMatchObject({ from, to: "dismissed", reason: "not_feasible" });
    },
  );

  it("the same key and body returns the first result; nothing is written twice", async () => {
    const { recommendationId } = await seed(t, slug, derived("retry"));
    const body = { idempotencyKey: newKey(), note: "once" };
    const first = await transition(t, { bearer: writer }, slug, recommendationId, "accept", body);
    const second = await transition(t, { bearer: writer }, slug, recommendationId, "accept", body);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.body.history).toHaveLength(2);
    const events = (await auditOf(t, slug, "recommendation.accept")).filter(
      (e) => e.targetId === recommendationId,
    );
    expect(events).toHaveLength(1);
  });

  it("a session reviews a flagged one: clear -> proposed, with the note audited", async () => {
    const { recommendationId } = await seed(
      t,
      slug,
      derived("review-clear", { complianceFindings: [finding] }),
    );
    const note = "Sleep routine advice, not a disease claim.";
    const cleared = await move(t, { cookie }, slug, recommendationId, "review", {
      decision: "clear",
      note,
    });
    expect(cleared.status).toBe("proposed");
    expect(cleared.complianceFindings).toEqual([finding]);
    expect(cleared.history.at(-1)).toMatchObject({
      action: "review",
      from: "flagged",
      to: "proposed",
      note,
    });
    const [event] = (await auditOf(t, slug, "recommendation.review")).filter(
      (e) => e.targetId === recommendationId,
    );
    expect(event?.metadata).toEqual({ from: "flagged", to: "proposed", decision: "clear", note });
    expect(event?.actorType).toBe("user");
  });

  it("a session reviews a flagged one: dismiss -> dismissed, reason compliance", async () => {
    const { recommendationId } = await seed(
      t,
      slug,
      derived("review-dismiss", { complianceFindings: [finding] }),
    );
    const dismissed = await move(t, { cookie }, slug, recommendationId, "review", {
      decision: "dismiss",
      note: "A cure claim; we cannot say this.",
    });
    expect(dismissed.status).toBe("dismissed");
    expect(dismissed.dismissal).toMatchObject({
      reason: "compliance",
      note: "A cure claim; we cannot say this.",
    });
    const detail = await call(t, { cookie }, "GET", slug, `/recommendations/${recommendationId}`);
    expect(detail.body).toEqual(dismissed);
  });
});
