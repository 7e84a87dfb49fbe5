import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webAppCsp } from "../../src/pages/web-app.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

/** The dashboard's build served at `/` (a stand-in build: the server only serves files). */
let t: TestServer;
beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), "geo-web-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), '<!doctype html><script src="/assets/app-1.js"></script>');
  writeFileSync(join(dir, "assets", "app-1.js"), "console.log(1)");
  writeFileSync(join(dir, "favicon.svg"), "<svg/>");
  t = await startTestServer({ env: { GEO_WEB_DIR: dir } });
});
afterAll(() => t?.close());

describe("the web dashboard's files", () => {
  it("answers / and client routes with index.html under the app's CSP", async () => {
    for (const path of ["/", "/w/acme/overview", "/sign-in/anything"]) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(await response.text()).toContain("/assets/app-1.js");
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("answers /index.html exactly as / (CSP, frame headers, no-store), and every file unframeable", async () => {
    const root = await fetch(`${t.url}/`);
    const index = await fetch(`${t.url}/index.html`);
    expect(index.status).toBe(200);
    expect(await index.text()).toBe(await root.text());
    for (const name of ["content-security-policy", "x-frame-options", "cache-control"]) {
      expect(index.headers.get(name), name).toBe(root.headers.get(name));
    }
    expect(index.headers.get("content-security-policy")).toBe(webAppCsp);
    expect(index.headers.get("x-frame-options")).toBe("DENY");
    expect(index.headers.get("cache-control")).toBe("no-store");
    for (const path of ["/favicon.svg", "/assets/app-1.js", "/w/acme/overview"]) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-security-policy"), path).toBe(webAppCsp);
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
    }
  });

  it("serves hashed assets cacheable for a year, and a missing asset as 404", async () => {
    const asset = await fetch(`${t.url}/assets/app-1.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await fetch(`${t.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${t.url}/favicon.svg`)).status).toBe(200);
  });

  it("keeps the API's JSON answers and the server's sign-in page", async () => {
    const api = await t.request("GET", "/api/v1/nothing-here");
    expect(api.status).toBe(404);
    expect((api.body as any).error.code).toBe("not_found");
    const signIn = await fetch(`${t.url}/sign-in`);
    expect(await signIn.text()).toContain("<title>");
    expect(signIn.headers.get("content-security-policy")).toContain("script-src 'sha256-");
  });

  it("leaves device approval and the checkout's return to the app (its own pages only without a build)", async () => {
    for (const path of [
      "/device?user_code=WDJB-MJHT",
      "/workspaces/acme/billing?checkout=cancelled",
    ]) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain("/assets/app-1.js");
      expect(response.headers.get("content-security-policy"), path).toContain("script-src 'self';");
    }
  });
});
