import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, screenshotsDir as screenshots } from "../harness/chromium.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

/**
 * The verification page in a real headless Chromium (Debian's, `GEO_CHROMIUM`
 * to use another) against the real server: a person signs in on the page,
 * sees what the device asked for, grants or unticks scopes and approves.
 * Screenshots land in test-results/screenshots for a person to look at.
 */

let t: TestServer;
let browser: Browser;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  slug = await t.createWorkspace(await t.signIn("page@example.com"), { brand: "pagebrand" });
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function startDevice(body: Record<string, unknown>): Promise<string> {
  const started = await t.request<{ userCode: string }>("POST", "/api/v1/device-authorizations", {
    body,
  });
  return started.body.userCode;
}

/** Opens the page for a user code, signing in on it as the page asks. */
async function openSignedIn(userCode: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${t.url}/device?user_code=${encodeURIComponent(userCode)}`);
  await page.locator("#email").fill("page@example.com");
  await page.locator("#signin-form button").click();
  await page.locator("#decide").waitFor({ state: "visible" });
  return page;
}

const ticked = (page: Page, section: "asked" | "more") =>
  page.locator(`#${section} input`).evaluateAll((boxes) =>
    // The server's tsconfig has no DOM library: the boxes are typed by what is read.
    (boxes as unknown as Array<{ value: string; checked: boolean }>).map(
      (box) => [box.value, box.checked] as const,
    ),
  );

async function statusSays(page: Page, text: string): Promise<void> {
  await page.locator("#status", { hasText: text }).waitFor({ timeout: 10_000 });
  await expect(page.locator("#status").textContent()).resolves.toBe(text);
}

describe("the device verification page in Chromium", () => {
  it("ticks the scopes asked for, offers the others, and approves what is ticked", async () => {
    const userCode = await startDevice({
      clientName: "laptop",
      scopes: ["metrics:read", "credits:read"],
    });
    const page = await openSignedIn(userCode);
    await expect(page.locator("#client").textContent()).resolves.toBe("laptop");
    // In the contract's order, ticked; every other scope offered unticked.
    expect(await ticked(page, "asked")).toEqual([
      ["metrics:read", true],
      ["credits:read", true],
    ]);
    const more = await ticked(page, "more");
    expect(more.length).toBeGreaterThan(10);
    expect(more.every(([, checked]) => !checked)).toBe(true);
    await page.locator("#workspace").selectOption(slug);
    await page.screenshot({ path: join(screenshots, "device-page-decide.png"), fullPage: true });

    await page.locator('#more input[value="runs:write"]').check();
    await page.locator('#asked input[value="credits:read"]').uncheck();
    await page.locator("#approve").click();
    // The page answers after its request returns: wait for the text, then read it.
    await statusSays(page, "Approved. You can return to your device.");
    await page.screenshot({ path: join(screenshots, "device-page-approved.png") });
    const stored = await t.server.ctx.prisma.deviceAuthorization.findFirstOrThrow({
      where: { clientName: "laptop" },
    });
    expect([...stored.approvedScopes].sort()).toEqual(["metrics:read", "runs:write"]);
    await page.close();
  });

  it("ticks workspace:read when nothing was asked for, and refuses to approve nothing", async () => {
    const page = await openSignedIn(await startDevice({ clientName: "bare" }));
    expect(await ticked(page, "asked")).toEqual([["workspace:read", true]]);
    await page.locator('#asked input[value="workspace:read"]').uncheck();
    await page.locator("#approve").click();
    await statusSays(page, "Tick at least one scope.");
    const row = await t.server.ctx.prisma.deviceAuthorization.findFirstOrThrow({
      where: { clientName: "bare" },
    });
    expect(row.status).toBe("pending");
    await page.close();
  });

  it("shows text from the request as text, never as markup", async () => {
    const page = await openSignedIn(
      await startDevice({ clientName: '<img src=x onerror="document.title=1">' }),
    );
    await expect(page.locator("#client").textContent()).resolves.toBe(
      '<img src=x onerror="document.title=1">',
    );
    expect(await page.locator("#client img").count()).toBe(0);
    await page.close();
  });
});
