import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeAgentMail } from "../fakes/fake-agentmail.js";
import { html, startTestSite, type TestSite } from "../fakes/test-site.js";
import { hostedSecretsEnv, startTestServer, type TestServer } from "../harness/test-server.js";
import { evaluate } from "./page-fixtures.js";

// Hosted mode never lets a page fetch reach loopback, whatever the name resolves through.
let site: TestSite;
let mail: FakeAgentMail;
let t: TestServer;
let cookie: string;
let slug: string;

beforeAll(async () => {
  site = await startTestSite({ "/": html("<html><body><p>Internal.</p></body></html>") });
  mail = await new FakeAgentMail().start();
  t = await startTestServer({
    env: {
      GEO_OPERATOR_MODE: "hosted",
      ...hostedSecretsEnv,
      GEO_PUBLIC_URL: "https://app.geopulse.test",
      AGENTMAIL_API_KEY: "am_test_key",
      AGENTMAIL_BASE_URL: mail.url,
      GEO_EMAIL_SENDER_INBOX: "signin@geopulse.test",
      GEO_FETCH_PORTS: `80,443,${site.port}`,
      GEO_QUEUE_POLL_SECONDS: "0.5",
    },
  });
  const requested = await t.request("POST", "/api/v1/auth/sessions", {
    body: { email: "hosted-pages@example.com" },
  });
  expect(requested.status).toBe(202);
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail.sentMessages().at(-1)?.body.text ?? "")?.[1];
  const verified = await t.request("POST", "/api/v1/auth/sessions/verify", { body: { token } });
  expect(verified.status).toBe(201);
  cookie = verified.headers.get("set-cookie")?.split(";")[0] ?? "";
  slug = await t.createWorkspace(cookie, { brand: "hosted-pages" });
});
afterAll(async () => {
  await t.close();
  await mail.stop();
  await site.close();
});

describe("page evaluations in hosted mode", () => {
  it("refuses a name that resolves to loopback, and loopback literals, without reaching them", async () => {
    expect(t.server.ctx.config.pageFetch.allowLoopback).toBe(false);
    for (const url of [
      `http://localhost:${site.port}/`,
      site.url("/"),
      `http://[::1]:${site.port}/`,
      `http://[::ffff:127.0.0.1]:${site.port}/`,
      `http://2130706433:${site.port}/`,
    ]) {
      const done = await evaluate(t, { cookie }, slug, url);
      expect(done, url).toMatchObject({
        status: "failed",
        failure: { reason: "blocked_address", message: expect.stringMatching(/loopback/i) },
      });
    }
    expect(site.seen).toEqual([]);
  });
});
