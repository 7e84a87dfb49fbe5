import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { call, derived, fieldsOf, newKey, seed, transition } from "./recommendation-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let id: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("recs-bad@example.com");
  slug = await t.createWorkspace(cookie, { brand: "recs-bad" });
  id = (await seed(t, slug, derived("bad"))).recommendationId;
});

describe("recommendation transitions: 400", () => {
  it("dismiss without a reason names body.reason", async () => {
    const response = await transition(t, { cookie }, slug, id, "dismiss", {
      idempotencyKey: newKey(),
    });
    expect(fieldsOf(response)).toEqual(["body.reason"]);
  });

  it("dismiss with an unknown reason names body.reason", async () => {
    const response = await transition(t, { cookie }, slug, id, "dismiss", {
      idempotencyKey: newKey(),
      reason: "meh",
    });
    expect(fieldsOf(response)).toEqual(["body.reason"]);
  });

  it.each(["accept", "start", "done", "dismiss", "review"] as const)(
    "%s without an idempotencyKey names body.idempotencyKey",
    async (verb) => {
      const extra =
        verb === "dismiss"
          ? { reason: "other" }
          : verb === "review"
            ? { decision: "clear", note: "n" }
            : {};
      const response = await transition(t, { cookie }, slug, id, verb, extra);
      expect(fieldsOf(response)).toEqual(["body.idempotencyKey"]);
    },
  );

  it("review without a note or decision names them", async () => {
    const response = await transition(t, { cookie }, slug, id, "review", {
      idempotencyKey: newKey(),
    });
    expect(fieldsOf(response).sort()).toEqual(["body.decision", "body.note"]);
  });

  it("an unknown field, a bad id and a bad filter are named", async () => {
    const extra = await transition(t, { cookie }, slug, id, "accept", {
      idempotencyKey: newKey(),
      status: "done",
    });
    expect(fieldsOf(extra)).toEqual(["body.status"]);
    expect(fieldsOf(await call(t, { cookie }, "GET", slug, "/recommendations/rec_nope"))).toEqual([
      "params.recommendationId",
    ]);
    expect(
      fieldsOf(await call(t, { cookie }, "GET", slug, "/recommendations?status=open")),
    ).toEqual(["query.status"]);
    expect(fieldsOf(await call(t, { cookie }, "GET", slug, "/recommendations?cursor=abc"))).toEqual(
      ["query.cursor"],
    );
  });

  it("nothing changed", async () => {
    const row = await t.server.ctx.prisma.recommendation.findUniqueOrThrow({ where: { id } });
    expect(row.status).toBe("proposed");
    expect(
      await t.server.ctx.prisma.recommendationTransition.count({ where: { recommendationId: id } }),
    ).toBe(1);
  });
});
