import { FakeAgentMail } from "../fakes/fake-agentmail.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

export interface BackfillFixture {
  t: TestServer;
  mail: FakeAgentMail;
  cookie: string;
  close(): Promise<void>;
}

/** A server with the email fake, and the backfill route of a workspace. */
export async function startBackfillFixture(): Promise<BackfillFixture> {
  const mail = await new FakeAgentMail().start();
  const t = await startTestServer({
    env: {
      AGENTMAIL_API_KEY: "am_test_key",
      AGENTMAIL_BASE_URL: mail.url,
      GEO_EMAIL_DOMAIN: "inbox.geopulse.test",
    },
  });
  const cookie = await t.signIn("owner@example.com");
  return {
    t,
    mail,
    cookie,
    close: async () => {
      await t.close();
      await mail.stop();
    },
  };
}

/** Creates a workspace whose provisioning failed (three 5xx from the provider). */
export async function failedWorkspace(f: BackfillFixture, brand: string): Promise<string> {
  f.mail.inboxReplies.push({ status: 500, body: {} }, { status: 502, body: {} }, "drop");
  const slug = await f.t.createWorkspace(f.cookie, { brand });
  const read = await f.t.request<any>("GET", `/api/v1/workspaces/${slug}`, { cookie: f.cookie });
  if (read.body.emailProvisioning.status !== "failed") throw new Error("expected failed");
  return slug;
}

export const backfillPath = (slug: string) => `/api/v1/workspaces/${slug}/email/backfill`;
