import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeAgentMail } from "../fakes/fake-agentmail.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

// The inviter's name and the workspace's name are people's text: in the
// invitation email each is cut to 64 characters, without control or
// formatting characters (no line breaks in the subject), and escaped in HTML.
let t: TestServer;
let mail: FakeAgentMail;
beforeAll(async () => {
  mail = await new FakeAgentMail().start();
  t = await startTestServer({ env: mail.env("team@geopulse.test") });
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});

describe("invitation emails", () => {
  it("cut, clean and escape the inviter's and the workspace's names", async () => {
    const longLocal = `win-a-prize-at-evil-example-now-${"x".repeat(30)}`;
    const inviterEmail = `${longLocal}@${"very-long-subdomain.".repeat(6)}example.com`;
    const owner = await t.signIn(inviterEmail);
    const slug = await t.createWorkspace(owner, {
      brand: "names",
      displayName: "Acme\r\nBcc: all@example.com\u202E<b>x</b>",
    });
    const response = await t.request<any>("POST", `/api/v1/workspaces/${slug}/invitations`, {
      cookie: owner,
      body: { email: "invitee@example.com" },
    });
    expect(response.status, response.text).toBe(201);
    const [sent] = mail.sentMessages();
    const { subject, text, html } = sent?.body ?? {};
    expect(subject).toBe("Join Acme Bcc: all@example.com <b>x</b> on GEO Pulse");
    expect(subject).not.toMatch(/[\r\n\u202E]/);
    const intro = text.split("\n")[0] as string;
    expect(intro).not.toContain(inviterEmail);
    const inviterShown = intro.slice(0, intro.indexOf(" invited you"));
    expect([...inviterShown]).toHaveLength(64);
    expect(inviterShown.endsWith("…")).toBe(true);
    expect(html).toContain("Acme Bcc: all@example.com &lt;b&gt;x&lt;/b&gt;");
    expect(html).not.toContain("<b>");
  });
});
