import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeAgentMail } from "../fakes/fake-agentmail.js";
import {
  hostedSecretsEnv,
  startTestServer,
  type TestServer,
  validWorkspace,
} from "../harness/test-server.js";

// A page of another site (or another port of localhost, which browsers count as the same
// site, so SameSite=Lax cookies go along) must not make a signed-in browser change anything:
// an unsafe request carrying the session cookie whose Origin is not this server's, or whose
// Sec-Fetch-Site is not same-origin, is refused with 403 cross_site_request, in every mode.
// Reads, bearer keys (the SDK and the CLI) and clients that send neither header (curl) pass.

const workspaceBody = (brand: string) => validWorkspace({ brand });

function crossSiteSuite(mode: string, setup: () => Promise<{ t: TestServer; cookie: string }>) {
  describe(`cross-site requests with the session cookie (${mode} mode)`, () => {
    let t: TestServer;
    let cookie: string;
    let slug: string;
    beforeAll(async () => {
      ({ t, cookie } = await setup());
      slug = await t.createWorkspace(cookie, { brand: `cross-${mode}` });
    });
    afterAll(() => t.close());

    it.each([
      ["another site's Origin", { origin: "https://evil.example" }],
      [
        "another port of localhost",
        { origin: "http://localhost:3000", "sec-fetch-site": "same-site" },
      ],
      ["an opaque Origin", { origin: "null" }],
      ["Sec-Fetch-Site: cross-site alone", { "sec-fetch-site": "cross-site" }],
      ["Sec-Fetch-Site: same-site alone", { "sec-fetch-site": "same-site" }],
    ])("refuses a change from %s, before doing anything", async (_name, headers) => {
      const created = await t.request("POST", "/api/v1/workspaces", {
        cookie,
        headers,
        body: workspaceBody(`refused-${mode}`),
      });
      expect(created.status).toBe(403);
      expect(created.body.error).toMatchObject({
        code: "cross_site_request",
        requestId: created.headers.get("x-request-id"),
      });
      expect(created.body.error.message).toMatch(/another site|same origin/i);
      const reveal = await t.request(
        "POST",
        `/api/v1/workspaces/${slug}/credentials/openai/api_key/reveal`,
        { cookie, headers },
      );
      expect(reveal.status).toBe(403);
      expect(reveal.body.error.code).toBe("cross_site_request");
      const signOut = await t.request("DELETE", "/api/v1/auth/sessions/current", {
        cookie,
        headers,
      });
      expect(signOut.body.error?.code).toBe("cross_site_request");
      // Nothing happened: no workspace, and the session still works.
      const list = await t.request("GET", "/api/v1/workspaces", { cookie });
      expect(list.status).toBe(200);
      expect(list.body.data.map((w: { slug: string }) => w.slug)).not.toContain(`refused-${mode}`);
    });

    it("accepts a change from its own pages, and from clients that send no Origin", async () => {
      const own = await t.request("POST", "/api/v1/workspaces", {
        cookie,
        headers: { origin: t.url, "sec-fetch-site": "same-origin" },
        body: workspaceBody(`own-${mode}`),
      });
      expect(own.status, own.text).toBe(201);
      const typed = await t.request("POST", "/api/v1/workspaces", {
        cookie,
        headers: { "sec-fetch-site": "none" },
        body: workspaceBody(`typed-${mode}`),
      });
      expect(typed.status, typed.text).toBe(201);
      const curl = await t.request("POST", "/api/v1/workspaces", {
        cookie,
        body: workspaceBody(`curl-${mode}`),
      });
      expect(curl.status, curl.text).toBe(201);
    });

    it("accepts the public URL's origin (a proxy may rewrite Host)", async () => {
      const publicOrigin = new URL(t.server.ctx.config.publicUrl).origin;
      const viaProxy = await t.request("POST", "/api/v1/workspaces", {
        cookie,
        headers: { origin: publicOrigin },
        body: workspaceBody(`proxied-${mode}`),
      });
      expect(viaProxy.status, viaProxy.text).toBe(201);
    });

    it("lets reads through, and bearer keys from anywhere", async () => {
      const read = await t.request("GET", `/api/v1/workspaces/${slug}`, {
        cookie,
        headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      });
      expect(read.status).toBe(200);
      const key = await t.mintKey(cookie, slug, ["runs:write", "reports:read"]);
      const started = await t.request("POST", `/api/v1/workspaces/${slug}/page-evaluations`, {
        bearer: key.secret,
        headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
        body: { url: "https://example.com/" },
      });
      expect(started.status, started.text).toBe(202);
    });
  });
}

crossSiteSuite("local", async () => {
  const t = await startTestServer();
  return { t, cookie: await t.signIn("cross-local@example.com") };
});

let mail: FakeAgentMail;
beforeAll(async () => {
  mail = await new FakeAgentMail().start();
});
afterAll(() => mail.stop());

crossSiteSuite("hosted", async () => {
  const t = await startTestServer({
    env: {
      GEO_OPERATOR_MODE: "hosted",
      ...hostedSecretsEnv,
      AGENTMAIL_API_KEY: "am_test_key",
      AGENTMAIL_BASE_URL: mail.url,
      GEO_EMAIL_SENDER_INBOX: "signin@geopulse.test",
    },
  });
  const requested = await t.request("POST", "/api/v1/auth/sessions", {
    body: { email: "cross-hosted@example.com" },
  });
  expect(requested.status).toBe(202);
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.sentMessages().at(-1)?.body.text ?? "")?.[1];
  const verified = await t.request("POST", "/api/v1/auth/sessions/verify", { body: { token } });
  expect(verified.status).toBe(201);
  return { t, cookie: verified.headers.get("set-cookie")?.split(";")[0] ?? "" };
});
