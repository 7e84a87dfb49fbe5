import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hashCapability } from "../../src/crypto/capability-token.js";
import { FakeAgentMail } from "../fakes/fake-agentmail.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { accept } from "./team-fixtures.js";

let t: TestServer;
let mail: FakeAgentMail;
let owner: string;
let slug: string;
beforeAll(async () => {
  mail = await new FakeAgentMail().start();
  t = await startTestServer({
    env: {
      GEO_PUBLIC_URL: "https://app.geopulse.test",
      AGENTMAIL_API_KEY: "am_test_key",
      AGENTMAIL_BASE_URL: mail.url,
      GEO_EMAIL_SENDER_INBOX: "team@geopulse.test",
    },
  });
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "mailed", displayName: "Mailed & <Co>" });
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});
beforeEach(() => {
  mail.requests.length = 0;
});

const inviteBody = (email: string) => ({ cookie: owner, body: { email, role: "admin" } });

describe("POST /api/v1/workspaces/{workspace}/invitations with an email provider", () => {
  it("emails the link with the workspace name and never answers the token", async () => {
    const response = await t.request<any>(
      "POST",
      `/api/v1/workspaces/${slug}/invitations`,
      inviteBody("mailed@example.com"),
    );
    expect(response.status, response.text).toBe(201);
    expect(response.body.delivery).toBe("emailed");
    expect(response.body).not.toHaveProperty("acceptToken");
    expect(response.body.invitation).toMatchObject({ email: "mailed@example.com", role: "admin" });

    const sent = mail.sentMessages();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      path: "/v0/inboxes/team%40geopulse.test/messages/send",
      authorization: "Bearer am_test_key",
      body: { to: ["mailed@example.com"], subject: expect.stringContaining("Mailed & <Co>") },
    });
    const text: string = sent[0]?.body.text;
    expect(text).toContain("Mailed & <Co>");
    expect(text).toContain("https://app.geopulse.test/invitations#token=");
    expect(sent[0]?.body.html).toContain("Mailed &amp; &lt;Co&gt;");
    const token = /#token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const row = await t.server.ctx.prisma.invitation.findUniqueOrThrow({
      where: { id: response.body.invitation.invitationId },
    });
    expect(row.tokenHash).toBe(hashCapability(token));

    const invited = await t.signIn("mailed@example.com");
    const accepted = await accept(t, invited, token);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ accepted: true, workspace: slug });
  });

  it("still creates the invitation and answers the token when sending fails", async () => {
    mail.sendReplies.push({ status: 500, body: { message: "down" } });
    const response = await t.request<any>(
      "POST",
      `/api/v1/workspaces/${slug}/invitations`,
      inviteBody("unlucky@example.com"),
    );
    expect(response.status).toBe(201);
    expect(response.body.delivery).toBe("not_sent");
    expect(response.body.acceptToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.sentMessages()).toHaveLength(1);
    const invited = await t.signIn("unlucky@example.com");
    const accepted = await accept(t, invited, response.body.acceptToken);
    expect(accepted.status).toBe(200);
  });

  it("answers the token when the provider cannot be reached", async () => {
    mail.sendReplies.push("drop");
    const response = await t.request<any>(
      "POST",
      `/api/v1/workspaces/${slug}/invitations`,
      inviteBody("dropped@example.com"),
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ delivery: "not_sent", acceptToken: expect.any(String) });
    expect(t.logs.join("")).not.toContain(response.body.acceptToken);
  });
});
