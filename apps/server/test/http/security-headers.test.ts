import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostedSecretsEnv, startTestServer, type TestServer } from "../harness/test-server.js";

/**
 * Headers every answer carries whatever the path: no page of this origin can be framed by
 * another site (`X-Frame-Options: DENY` and CSP `frame-ancestors 'none'`, a page's own policy
 * replacing the default one), and in hosted mode with an https public URL, HSTS. The dashboard's
 * build is covered in test/web-app/web-app.200.test.ts.
 */
const unframeable = (response: Response, path: string) => {
  expect(response.headers.get("x-frame-options"), path).toBe("DENY");
  expect(response.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
};

describe("local mode, no dashboard build", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(() => t?.close());

  it("every page and answer is unframeable: server pages, the API, unknown paths", async () => {
    for (const path of [
      "/sign-in",
      "/device?user_code=WDJB-MJHT",
      "/workspaces/acme/billing?checkout=cancelled",
      "/index.html",
      "/favicon.ico",
      "/api/v1/health",
      "/api/v1/openapi.json",
      "/api/v1/nothing-here",
      "/api/v1/shared-reports/not-a-token",
    ]) {
      unframeable(await fetch(`${t.url}${path}`), path);
    }
  });

  it("sends no HSTS in local mode", async () => {
    const response = await fetch(`${t.url}/api/v1/health`);
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("hosted mode", () => {
  let https: TestServer;
  let http: TestServer;
  beforeAll(async () => {
    [https, http] = await Promise.all([
      startTestServer({
        env: {
          ...hostedSecretsEnv,
          GEO_OPERATOR_MODE: "hosted",
          GEO_PUBLIC_URL: "https://geopulse.example",
        },
      }),
      startTestServer({
        env: {
          ...hostedSecretsEnv,
          GEO_OPERATOR_MODE: "hosted",
          GEO_PUBLIC_URL: "http://geopulse.internal:8080",
        },
      }),
    ]);
  });
  afterAll(async () => {
    await https?.close();
    await http?.close();
  });

  it("sends HSTS for a year on every answer when the public URL is https", async () => {
    for (const path of ["/api/v1/health", "/sign-in", "/api/v1/nothing-here"]) {
      const response = await fetch(`${https.url}${path}`);
      expect(response.headers.get("strict-transport-security"), path).toBe("max-age=31536000");
      unframeable(response, path);
    }
  });

  it("sends none when the public URL is plain http (a browser would ignore it)", async () => {
    const response = await fetch(`${http.url}/api/v1/health`);
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });
});
