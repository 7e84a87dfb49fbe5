import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostedSecretsEnv, startTestServer, type TestServer } from "../harness/test-server.js";

/** One request with the Host header given as is (fetch always sends the URL's). */
function withHost(
  t: TestServer,
  host: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; headers: Record<string, unknown>; body: any }> {
  const { port } = new URL(t.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: Number(port),
        method,
        path,
        setHost: false,
        headers: {
          host,
          ...(payload ? { "content-type": "application/json" } : {}),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => {
          text += String(chunk);
        });
        res.on("end", () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // a page: keep the text
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

// DNS rebinding: a page on evil.example whose name is made to resolve to 127.0.0.1 reaches a
// local-mode server from the browser, same-origin to itself, with Host: evil.example. Local
// mode signs in without email, so that page could sign in and read the stored provider keys.
// The server answers only the names it is: loopback and the public URL's host.
describe("local mode answers only its own names (Host)", () => {
  let t: TestServer;
  let port: string;
  beforeAll(async () => {
    t = await startTestServer({ env: { GEO_PUBLIC_URL: "https://geo.example.test" } });
    port = new URL(t.url).port;
  });
  afterAll(() => t.close());

  it("refuses another name with 421 misdirected_request, before signing anyone in", async () => {
    const signIn = await withHost(t, `evil.example:${port}`, "POST", "/api/v1/auth/sessions", {
      email: "rebound@example.com",
    });
    expect(signIn.status).toBe(421);
    expect(signIn.headers["set-cookie"]).toBeUndefined();
    expect(signIn.body.error).toMatchObject({
      code: "misdirected_request",
      message: expect.stringContaining("evil.example"),
      requestId: signIn.headers["x-request-id"],
    });
    expect(signIn.body.error.message).toMatch(/GEO_PUBLIC_URL/);
    const users = await t.server.ctx.prisma.user.count({
      where: { email: "rebound@example.com" },
    });
    expect(users).toBe(0);
  });

  // (The port is known once the server has started: the names are built in the test.)
  it.each([
    ["GET", "/api/v1/health"],
    ["GET", "/api/v1/me"],
    ["GET", "/api/v1/workspaces/acme/credentials"],
    ["GET", "/sign-in"],
    ["GET", "/device"],
    ["GET", "/no-such-page"],
  ])("refuses %s %s under another name", async (method, path) => {
    for (const host of [
      `evil.example:${port}`,
      "evil.example",
      "geo.example.test.evil.example",
      "localhost.evil.example",
      "127.0.0.1.nip.io",
      "10.0.0.1",
      "[::2]",
      "0.0.0.0",
    ]) {
      const answer = await withHost(t, host, method, path);
      expect(answer.status, host).toBe(421);
      expect(answer.body.error.code, host).toBe("misdirected_request");
    }
  });

  it.each([
    "localhost:{port}",
    "localhost",
    "LOCALHOST",
    "127.0.0.1:{port}",
    "127.1.2.3:9",
    "[::1]:{port}",
    "[::1]",
    "[::ffff:127.0.0.1]:{port}",
    "geo.example.test",
    "GEO.example.test:443",
  ])("answers under %s", async (host) => {
    const answer = await withHost(t, host.replace("{port}", port), "GET", "/api/v1/health");
    expect(answer.status).toBe(200);
  });

  it("signs in under a loopback name", async () => {
    const signIn = await withHost(t, `localhost:${port}`, "POST", "/api/v1/auth/sessions", {
      email: "local@example.com",
    });
    expect(signIn.status).toBe(201);
  });
});

// Hosted mode does not check Host (docs/security.md, Local mode): signing in there needs the
// emailed link and the session cookie belongs to the public host, so a rebound name gets no
// more than a stranger; and proxies and health probes reach the process under other names.
describe("hosted mode answers any Host", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({
      env: {
        GEO_OPERATOR_MODE: "hosted",
        ...hostedSecretsEnv,
        GEO_PUBLIC_URL: "https://app.geopulse.test",
      },
    });
  });
  afterAll(() => t.close());

  it("answers a probe under the pod's address", async () => {
    expect((await withHost(t, "10.1.2.3:8080", "GET", "/api/v1/health")).status).toBe(200);
  });
});
