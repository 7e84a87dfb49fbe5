import { describe, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { expectError, join } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "invite-403" });
});

const path = () => `/api/v1/workspaces/${slug}/invitations`;

describe("POST /api/v1/workspaces/{workspace}/invitations: 403", () => {
  it("answers insufficient_role to a member", async () => {
    const member = await join(t, owner, slug, "plain@example.com", "member");
    const response = await t.request("POST", path(), {
      cookie: member.cookie,
      body: { email: "friend@example.com" },
    });
    expectError(response, 403, "insufficient_role");
  });

  it("answers session_required to an API key, whatever its scopes", async () => {
    const key = await t.mintKey(owner, slug, [
      "workspace:read",
      "settings:write",
      "connections:write",
    ]);
    const response = await t.request("POST", path(), {
      bearer: key.secret,
      body: { email: "friend@example.com" },
    });
    expectError(response, 403, "session_required");
  });
});
