import { join } from "node:path";
import type { RunningServer } from "@geopulse/server";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPage, screenshotsDir, seriousViolations, startDashboard } from "./harness.js";

/**
 * The app's frame: device approval through the app (signed out → sign-in → back; a typed
 * code approved, then the CLI's poll gets its key), the checkout's return page following a
 * receipt until it is paid, the phone menu and a stacked table at 390 px, and the 404 view.
 * Every view checked with axe and photographed at 1280 and 390 px.
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

/** What the CLI does: starts the flow and later polls for its key, over plain HTTP. */
async function cli(path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    headers: body ? { "content-type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as any };
}

const workspace = {
  brand: "acme",
  displayName: "Acme Analytics",
  domains: ["acme.com"],
  languages: ["en"],
  regions: ["us"],
  competitors: [
    { name: "Globex", domains: ["globex.com"], aliases: ["Globex"], ambiguous: false },
    { name: "Initech", domains: ["initech.io"], aliases: ["Initech"], ambiguous: false },
  ],
  gscProperty: "sc-domain:acme.com",
  ga4Property: "123456789",
  activeSetSize: 20,
  complianceProfile: "none",
  quotas: {
    discovery: 0.3,
    problem_solution: 0.2,
    use_case: 0.2,
    comparison: 0.1,
    expert: 0.1,
    brand_research: 0.1,
  },
};

describe.skipIf(!runsHere)("the app's frame in Chromium", () => {
  it("approves a device through the app, and the CLI's poll gets its key", async () => {
    const started = await cli("/api/v1/device-authorizations", {
      clientName: "shell-laptop",
      scopes: ["metrics:read"],
    });
    expect(started.status).toBe(201);
    const { deviceCode, userCode } = started.body;

    // Signed out: the frame sends the person to sign in, and signing in leads back.
    await page.goto(`${server.url}/device?user_code=${encodeURIComponent(userCode)}`);
    await page.waitForURL("**/login");
    await page.getByLabel("Email").fill("owner@example.com");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/device\?user_code=/);
    await page.getByText("You have no workspace yet").waitFor();
    const created = await page.request.post(`${server.url}/api/v1/workspaces`, { data: workspace });
    expect(created.status(), await created.text()).toBe(201);

    // The code typed by hand, in another form than the device shows it.
    await page.goto(`${server.url}/device`);
    await page
      .getByLabel("Code shown by your device")
      .fill(String(userCode).toLowerCase().replace("-", " "));
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "shell-laptop asks for access" }).waitFor();
    await expect(page.getByLabel("metrics:read").isChecked()).resolves.toBe(true);
    await checked("device", "text=shell-laptop asks for access");
    await page.getByLabel("runs:read").check();
    await page.getByLabel("Workspace the key is for").selectOption("acme");
    await page.getByRole("button", { name: "Approve" }).click();
    await page.getByText("Approved. You can return to your device.").waitFor();
    await checked("device-approved", "text=Approved. You can return to your device.");

    const token = await cli(`/api/v1/device-authorizations/${deviceCode}/token`);
    expect(token.status).toBe(200);
    expect(token.body.workspace).toBe("acme");
    expect([...token.body.scopes].sort()).toEqual(["metrics:read", "runs:read"]);
    expect(token.body.apiKey).toMatch(/^\S{20,}$/);

    // A code no request has, in words; the form stays to try again.
    await page.goto(`${server.url}/device?user_code=ZZZZ-ZZZZ`);
    await page.getByText(/No request has this code, or it has expired/).waitFor();
    await expect(page.getByLabel("Code shown by your device").inputValue()).resolves.toBe(
      "ZZZZ-ZZZZ",
    );
  });

  it("follows a checkout's receipt on the return page until it is paid", async () => {
    const prisma = server.ctx.prisma;
    const ws = await prisma.workspace.findFirstOrThrow({ where: { slug: "acme" } });
    const user = await prisma.user.findFirstOrThrow({ where: { email: "owner@example.com" } });
    await prisma.checkoutReceipt.create({
      data: {
        checkoutSessionId: "cs_shell_1",
        workspaceId: ws.id,
        amountMicrousd: 10_000_000n,
        status: "pending",
        url: "https://checkout.stripe.test/cs_shell_1",
        createdByUserId: user.id,
        createdAt: new Date(),
      },
    });
    await page.goto(`${server.url}/workspaces/acme/billing?checkout=success&session_id=cs_shell_1`);
    await page.getByText("Payment received. Confirming it…").waitFor();
    // What the payment webhook does to the receipt; the page notices on its next poll.
    await prisma.checkoutReceipt.update({
      where: { checkoutSessionId: "cs_shell_1" },
      data: { status: "succeeded", completedAt: new Date() },
    });
    await page.getByText("Payment received: $10.00 added to your credit.").waitFor();
    await page.getByRole("cell", { name: "Paid" }).waitFor();
    await checked("checkout-return", "text=Payment received: $10.00 added to your credit.");

    await page.goto(`${server.url}/workspaces/acme/billing?checkout=cancelled`);
    await page.getByText("Checkout was cancelled: nothing was charged.").waitFor();
    await page.getByTestId("return-available").waitFor();
  });

  it("opens the phone menu, navigates, and closes it; tables stack into cards", async () => {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(`${server.url}/w/acme`);
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.waitFor();
    const sections = page.getByRole("navigation", { name: "Sections" });
    await expect(menu.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(sections.getByRole("link", { name: "Team" }).isVisible()).resolves.toBe(false);
    await menu.click();
    await expect(menu.getAttribute("aria-expanded")).resolves.toBe("true");
    await sections.getByRole("link", { name: "Team" }).waitFor();
    await page.screenshot({ path: join(screenshotsDir, "menu-open-390.png") });
    await sections.getByRole("link", { name: "Team" }).click();
    await page.waitForURL("**/w/acme/team");
    await expect(menu.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(sections.getByRole("link", { name: "Team" }).isVisible()).resolves.toBe(false);
    // Escape closes it and leaves focus on the button.
    await menu.click();
    await page.keyboard.press("Escape");
    await expect(menu.getAttribute("aria-expanded")).resolves.toBe("false");
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Menu");

    // The members table: one card per row, each cell labelled by its column, nothing wider.
    const cell = page.locator("table.stack td[data-label='Email']").first();
    await cell.waitFor();
    const shape = await cell.evaluate((td) => ({
      label: getComputedStyle(td, "::before").content,
      display: getComputedStyle(td).display,
      pageWidth: document.documentElement.scrollWidth,
    }));
    // The label is drawn with empty alternative text (the hidden header names the column).
    expect(shape).toEqual({ label: '"Email" / ""', display: "flex", pageWidth: 390 });
    await page.getByRole("cell", { name: "owner@example.com", exact: true }).first().waitFor();
    await page.screenshot({ path: join(screenshotsDir, "stacked-table-390.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(menu.isVisible()).resolves.toBe(false);
  });

  it("answers an unknown path with a 404 view, not a redirect", async () => {
    await page.goto(`${server.url}/w/acme/no-such-view`);
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/w/acme/no-such-view");
    await checked("not-found", "text=Page not found");

    // Chrome logs what the steps provoked (signed out; the unknown code); nothing else.
    const provoked = [
      /status of 401 \(Unauthorized\) \(\/api\/v1\/me\)$/,
      /status of 404 \(Not Found\) \(\/api\/v1\/device-authorizations\/ZZZZ-ZZZZ\)$/,
    ];
    expect(problems.filter((p) => !provoked.some((re) => re.test(p))).join("\n")).toBe("");
  });
});
