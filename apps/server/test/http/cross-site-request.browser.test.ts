import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { html, startTestSite, type TestSite } from "../fakes/test-site.js";
import { launchChromium } from "../harness/chromium.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

// The same in a real Chromium: a page served by another program on this machine (another port
// of 127.0.0.1, which the browser counts as the same site, so the SameSite=Lax session cookie is
// sent) posts, without CORS, to a body-less operation of a signed-in local server. Its answer is
// opaque to the page; what matters is that nothing happened.
let t: TestServer;
let evil: TestSite;
let browser: Browser;
let cookie: string;

beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("browser-cross@example.com");
  evil = await startTestSite({
    "/": html(`<!doctype html><html><body><script>
      const target = new URLSearchParams(location.search).get("target");
      fetch(target, { method: "POST", mode: "no-cors", credentials: "include" })
        .finally(() => { document.title = "sent"; });
    </script></body></html>`),
  });
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await evil?.close();
  await t?.close();
});

describe("a page of another local program, in a real browser", () => {
  it("cannot deny a device login for the signed-in person", async () => {
    const started = await t.request("POST", "/api/v1/device-authorizations", {
      body: { clientName: "victim laptop", scopes: ["metrics:read"] },
    });
    expect(started.status).toBe(201);
    const { userCode } = started.body;
    const context = await browser.newContext();
    const [name, value] = cookie.split("=") as [string, string];
    await context.addCookies([{ name, value, url: t.url, sameSite: "Lax", httpOnly: true }]);
    const page = await context.newPage();
    const target = `${t.url}/api/v1/device-authorizations/${userCode}/deny`;
    await page.goto(`${evil.url("/")}?target=${encodeURIComponent(target)}`);
    await page.waitForFunction('document.title === "sent"');
    await context.close();
    // The server saw the request with the cookie and refused it as cross-site.
    expect(t.logs.join("")).toMatch(/"statusCode":403/);
    const still = await t.request("GET", `/api/v1/device-authorizations/${userCode}`, { cookie });
    expect(still.status).toBe(200);
    expect(still.body.status).toBe("pending");
  }, 60_000);
});
