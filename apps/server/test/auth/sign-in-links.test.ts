import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeAgentMail } from "../fakes/fake-agentmail.js";
import { hostedSecretsEnv, startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
let mail: FakeAgentMail;
beforeAll(async () => {
  mail = await new FakeAgentMail().start();
  t = await startTestServer({
    env: {
      GEO_OPERATOR_MODE: "hosted",
      ...hostedSecretsEnv,
      GEO_PUBLIC_URL: "https://app.geopulse.test",
      AGENTMAIL_API_KEY: "am_test_key",
      AGENTMAIL_BASE_URL: mail.url,
      GEO_EMAIL_SENDER_INBOX: "signin@geopulse.test",
    },
  });
});
afterAll(async () => {
  await t.close();
  await mail.stop();
});
beforeEach(() => {
  mail.requests.length = 0;
});

async function requestLink(email: string): Promise<string> {
  const response = await t.request<any>("POST", "/api/v1/auth/sessions", { body: { email } });
  expect(response.status).toBe(202);
  const sent = mail.sentMessages().at(-1);
  const token = /#token=([A-Za-z0-9_-]+)/.exec(sent?.body.text ?? "")?.[1];
  if (!token) throw new Error("no token in the email");
  return token;
}

describe("sign-in links outside local mode", () => {
  it("emails a link instead of signing in, and the token signs in once", async () => {
    const response = await t.request<any>("POST", "/api/v1/auth/sessions", {
      body: { email: "link@example.com" },
    });
    expect(response.status).toBe(202);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(response.body).toMatchObject({ status: "link_sent", email: "link@example.com" });
    const sent = mail.sentMessages()[0];
    expect(sent).toMatchObject({
      path: "/v0/inboxes/signin%40geopulse.test/messages/send",
      body: { to: ["link@example.com"], subject: expect.any(String) },
    });
    const token = /#token=([A-Za-z0-9_-]+)/.exec(sent?.body.text)?.[1] ?? "";
    expect(sent?.body.text).toContain("https://app.geopulse.test/sign-in#token=");

    const verified = await t.request<any>("POST", "/api/v1/auth/sessions/verify", {
      body: { token },
    });
    expect(verified.status).toBe(201);
    expect(verified.body.user.email).toBe("link@example.com");
    const cookie = verified.headers.get("set-cookie") ?? "";
    expect(cookie).toContain("Secure");

    const again = await t.request<any>("POST", "/api/v1/auth/sessions/verify", { body: { token } });
    expect(again.status).toBe(401);
    expect(again.body.error.code).toBe("invalid_sign_in_token");
  });

  it("rejects a token after 15 minutes", async () => {
    const token = await requestLink("late@example.com");
    t.clock.advance(15 * 60_000 + 1);
    const response = await t.request<any>("POST", "/api/v1/auth/sessions/verify", {
      body: { token },
    });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe("invalid_sign_in_token");
  });

  it("stores only hashes of sign-in tokens", async () => {
    const token = await requestLink("hash@example.com");
    const rows = await t.server.ctx.prisma.signInToken.findMany();
    expect(
      rows.every((row) => row.tokenHash !== token && /^[0-9a-f]{64}$/.test(row.tokenHash)),
    ).toBe(true);
  });

  it("limits links to 5 per address per 15 minutes", async () => {
    for (let i = 0; i < 5; i++) await requestLink("busy@example.com");
    const limited = await t.request<any>("POST", "/api/v1/auth/sessions", {
      body: { email: "busy@example.com" },
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    t.clock.advance(15 * 60_000 + 1);
    await requestLink("busy@example.com");
  });

  it("answers 503 email_unavailable when the provider refuses", async () => {
    mail.sendReplies.push({ status: 500, body: { message: "down" } });
    const response = await t.request<any>("POST", "/api/v1/auth/sessions", {
      body: { email: "down@example.com" },
    });
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe("email_unavailable");
  });
});

describe("the sign-in page", () => {
  it("is served with a strict content security policy", async () => {
    const response = await t.request("GET", "/sign-in");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.text).toContain("/api/v1/auth/sessions/verify");
    expect(response.headers.get("content-security-policy")).toMatch(
      /default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+'/,
    );
  });
});

describe("hosted mode without an email provider", () => {
  it("answers 503 email_unavailable instead of pretending to send a link", async () => {
    const bare = await startTestServer({
      env: { GEO_OPERATOR_MODE: "hosted", ...hostedSecretsEnv },
    });
    try {
      const response = await bare.request<any>("POST", "/api/v1/auth/sessions", {
        body: { email: "nobody@example.com" },
      });
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe("email_unavailable");
    } finally {
      await bare.close();
    }
  });
});
