import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { accept, expectError, invite } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "accept-403" });
});

describe("POST /api/v1/invitations/{token}/accept: 403", () => {
  it("answers invitation_email_mismatch to someone else, and leaves the invitation open", async () => {
    const { token } = await invite(t, owner, slug, "intended@example.com");
    const stranger = await t.signIn("stranger@example.com");
    expectError(await accept(t, stranger, token), 403, "invitation_email_mismatch");
    expectError(await accept(t, owner, token), 403, "invitation_email_mismatch");
    const intended = await t.signIn("INTENDED@example.com");
    expect((await accept(t, intended, token)).status).toBe(200);
  });

  it("answers session_required to an API key", async () => {
    const { token } = await invite(t, owner, slug, "keyed@example.com");
    const key = await t.mintKey(owner, slug, ["workspace:read"]);
    const response = await t.request("POST", `/api/v1/invitations/${token}/accept`, {
      bearer: key.secret,
    });
    expectError(response, 403, "session_required");
  });
});
