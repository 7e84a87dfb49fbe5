import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BackfillFixture,
  backfillPath,
  failedWorkspace,
  startBackfillFixture,
} from "./backfill-inbox-fixture.js";

let f: BackfillFixture;
beforeAll(async () => {
  f = await startBackfillFixture();
});
afterAll(() => f.close());

const failNonRetryable = () =>
  f.mail.inboxReplies.push({ status: 400, body: { message: "bad request" } });

describe("POST /workspaces/{ws}/email/backfill: 429", () => {
  it("allows 5 backfills per workspace per hour, then 429 with Retry-After", async () => {
    f.t.clock.set("2026-11-24T10:00:00.000Z");
    const slug = await failedWorkspace(f, "bounded");
    for (let i = 0; i < 5; i++) {
      failNonRetryable();
      const response = await f.t.request<any>("POST", backfillPath(slug), { cookie: f.cookie });
      expect(response.status).toBe(200);
      expect(response.body.status).toBe("failed");
    }
    f.mail.requests.length = 0;
    f.t.clock.advance(20 * 60_000);
    const limited = await f.t.request<any>("POST", backfillPath(slug), { cookie: f.cookie });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(limited.headers.get("retry-after")).toBe(String(40 * 60));
    expect(f.mail.requests).toHaveLength(0);

    f.t.clock.advance(40 * 60_000);
    const again = await f.t.request<any>("POST", backfillPath(slug), { cookie: f.cookie });
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("provisioned");
  });
});
