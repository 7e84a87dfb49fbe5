import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeAgentMail } from "../fakes/fake-agentmail.js";
import { startTestServer, type TestServer, validWorkspace } from "../harness/test-server.js";

let t: TestServer;
let mail: FakeAgentMail;
let cookie: string;
beforeAll(async () => {
  mail = await new FakeAgentMail().start();
  t = await startTestServer({
    env: {
      AGENTMAIL_API_KEY: "am_test_key",
      AGENTMAIL_BASE_URL: mail.url,
      GEO_EMAIL_DOMAIN: "inbox.geopulse.test",
    },
  });
  cookie = await t.signIn("owner@example.com");
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});
beforeEach(() => {
  mail.requests.length = 0;
});

const create = (brand: string) =>
  t.request<any>("POST", "/api/v1/workspaces", {
    cookie,
    body: validWorkspace({ brand }),
  });

describe("workspace inbox provisioning through the email provider", () => {
  it("provisions an inbox named after the slug", async () => {
    const response = await create("provisioned");
    expect(response.status).toBe(201);
    expect(response.body.emailProvisioning).toEqual({
      workspace: "provisioned",
      status: "provisioned",
      email: "provisioned@inbox.geopulse.test",
      inboxId: "provisioned@inbox.geopulse.test",
      attempts: 1,
      message: expect.any(String),
    });
    expect(mail.requests[0]).toMatchObject({
      method: "POST",
      path: "/v0/inboxes",
      authorization: "Bearer am_test_key",
      body: {
        username: "provisioned",
        domain: "inbox.geopulse.test",
        display_name: "Acme Analytics",
      },
    });
    expect(mail.requests[0]?.body.client_id).toMatch(/^ws_/);
    const stored = await t.request<any>("GET", "/api/v1/workspaces/provisioned", { cookie });
    expect(stored.body.emailProvisioning.status).toBe("provisioned");
  });

  it("reports username_conflict when the provider says the name is taken", async () => {
    mail.inboxReplies.push({
      status: 409,
      body: { name: "AlreadyExistsError", message: "Inbox exists" },
    });
    const response = await create("conflicted");
    expect(response.status).toBe(201);
    expect(response.body.emailProvisioning).toMatchObject({
      status: "username_conflict",
      email: null,
      inboxId: null,
      attempts: 1,
    });
  });

  it("retries transient failures and counts the attempts", async () => {
    mail.inboxReplies.push({ status: 503, body: { message: "busy" } }, "drop");
    const response = await create("retried");
    expect(response.body.emailProvisioning).toMatchObject({ status: "provisioned", attempts: 3 });
    expect(mail.requests.filter((r) => r.path === "/v0/inboxes")).toHaveLength(3);
  });

  it("reports failed after three transient failures, keeping the workspace", async () => {
    mail.inboxReplies.push(
      { status: 500, body: {} },
      { status: 502, body: {} },
      { status: 429, body: {} },
    );
    const response = await create("gave-up");
    expect(response.status).toBe(201);
    expect(response.body.emailProvisioning).toMatchObject({
      status: "failed",
      attempts: 3,
      email: null,
    });
    const stored = await t.request<any>("GET", "/api/v1/workspaces/gave-up", { cookie });
    expect(stored.status).toBe(200);
    expect(stored.body.emailProvisioning.status).toBe("failed");
  });

  it("does not retry a permanent refusal", async () => {
    mail.inboxReplies.push({ status: 400, body: { message: "invalid username" } });
    const response = await create("refused");
    expect(response.body.emailProvisioning).toMatchObject({ status: "failed", attempts: 1 });
    expect(response.body.emailProvisioning.message).toContain("invalid username");
  });
});
