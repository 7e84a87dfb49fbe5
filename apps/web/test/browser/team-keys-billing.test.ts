import { join } from "node:path";
import type { RunningServer } from "@geopulse/server";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPage, screenshotsDir, seriousViolations, startDashboard } from "./harness.js";

/**
 * The second journey, bounded: a workspace's team (an invalid invitation shown on its field,
 * then a valid one), an API key rotated (the replacement's secret once, acknowledged), the
 * billing ledger and the checkout request. Every view checked with axe and photographed.
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let problems: string[];

// As in dashboard.test.ts: the app's server is on the embedded database in either pass.
const runsHere = process.env.DATABASE_URL === undefined;

beforeAll(async () => {
  if (!runsHere) return;
  ({ server, browser } = await startDashboard());
  ({ page, problems } = await openPage(browser, 1280));
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function checked(name: string, ready: string): Promise<void> {
  await page.locator(ready).first().waitFor();
  const violations = await seriousViolations(page);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(screenshotsDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe.skipIf(!runsHere)("team, keys and billing in Chromium", () => {
  it("invites, rotates a key and reads the ledger", async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL("**/login");
    await page.getByLabel("Email").fill("owner@example.com");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("No workspace yet").waitFor();
    await page.getByRole("link", { name: "create one" }).click();
    await page.getByLabel("Brand id").fill("acme");
    await page.getByLabel("Display name").fill("Acme Analytics");
    await page.getByLabel("Brand domains").fill("acme.com");
    for (const [i, [name, domain]] of [
      ["Globex", "globex.com"],
      ["Initech", "initech.io"],
    ].entries()) {
      const row = page.getByRole("group", { name: `Competitor ${i + 1}` });
      await row.getByLabel("Name", { exact: true }).fill(name as string);
      await row.getByLabel("Domains", { exact: true }).fill(domain as string);
      await row.getByLabel("Aliases", { exact: true }).fill(name as string);
    }
    await page.getByLabel("Search Console property").fill("sc-domain:acme.com");
    await page.getByLabel("GA4 property id").fill("123456789");
    await page.getByLabel("Active prompt set size").fill("20");
    await page.getByRole("button", { name: "Create workspace" }).click();
    await page.waitForURL("**/w/acme");

    // Team: the API's 400 sits on the email field; then a valid invitation is listed.
    await page.getByRole("link", { name: "Team" }).click();
    await page.getByRole("cell", { name: "owner@example.com", exact: true }).waitFor();
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send invitation" }).click();
    // The 400 arrives after the click: wait for the field to be marked, do not read it at once.
    await expect.poll(() => page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");
    await page.getByLabel("Email").fill("colleague@example.com");
    await page.getByLabel("Role", { exact: true }).selectOption("admin");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText(/colleague@example.com as admin/).waitFor();
    await checked("team", "text=colleague@example.com as admin");

    // API keys: rotating shows the replacement's secret once; acknowledging activates it.
    await page.getByRole("link", { name: "API keys" }).click();
    await page.getByLabel("Name").fill("ci");
    await page.getByRole("button", { name: "Create key" }).click();
    const original = await page.getByLabel("Secret").inputValue();
    await page.getByRole("button", { name: "I have stored the key" }).click();
    await page.getByRole("button", { name: "Rotate ci" }).click();
    const replacement = await page.getByLabel("Secret").inputValue();
    expect(replacement).toMatch(/^gp_live_/);
    expect(replacement).not.toBe(original);
    await page.getByRole("button", { name: "I have stored the key" }).click();
    await page.getByRole("heading", { name: "Create a key" }).waitFor();
    const asKey = (secret: string) =>
      fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${secret}` } });
    expect((await asKey(replacement)).status).toBe(200);
    await checked("api-keys-rotated", "table");

    // Billing: a top-up appears in the ledger; checkout posts micro-USD and follows the URL.
    await page.getByRole("link", { name: "Billing" }).click();
    await page.getByRole("heading", { name: "Usage ledger" }).waitFor();
    await page.getByLabel("Amount in dollars", { exact: true }).fill("12.50");
    await page.getByRole("button", { name: "Add credit" }).click();
    await page.getByText("Credit added.").waitFor();
    await page.reload();
    await page.getByRole("cell", { name: "Top-up" }).first().waitFor();
    await checked("billing-ledger", "text=Usage ledger");
    const sent: unknown[] = [];
    await page.route("**/billing/checkout", async (route) => {
      sent.push(route.request().postDataJSON());
      await route.fulfill({
        status: 201,
        json: { url: `${server.url}/w/acme/billing?paid=1`, checkoutSessionId: "cs_test_1" },
      });
    });
    await page.getByLabel("Amount to pay in dollars").fill("30");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await page.waitForURL("**/w/acme/billing?paid=1");
    expect(sent).toEqual([{ amountMicrousd: 30_000_000 }]);

    // Chrome logs the 400 the step provoked; nothing else.
    const provoked = [
      /status of 401 \(Unauthorized\) \(\/api\/v1\/me\)$/,
      /status of 400 \(Bad Request\) \(\/api\/v1\/workspaces\/acme\/invitations\)$/,
    ];
    expect(problems.filter((p) => !provoked.some((re) => re.test(p))).join("\n")).toBe("");
  });
});
