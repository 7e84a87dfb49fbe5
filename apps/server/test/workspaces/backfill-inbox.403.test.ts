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

describe("POST /workspaces/{ws}/email/backfill: 403", () => {
  it("is session only: an API key with every scope gets session_required", async () => {
    const slug = await failedWorkspace(f, "keyed");
    const key = await f.t.mintKey(f.cookie, slug, [
      "workspace:read",
      "settings:write",
      "connections:write",
    ]);
    f.mail.requests.length = 0;
    const response = await f.t.request<any>("POST", backfillPath(slug), { bearer: key.secret });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("session_required");
    expect(f.mail.requests).toHaveLength(0);
  });
});
