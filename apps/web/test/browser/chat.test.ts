import { join } from "node:path";
import type { RunningServer } from "@geopulse/server";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCalls, signedInWorkspace } from "./api-setup.js";
import { openPage, screenshotsDir, seriousViolations, startDashboard } from "./harness.js";

/**
 * The assistant in Chromium with local mode's simulated assistant: a question sent with Enter
 * streams its reply through the SDK (tool steps, text, then the cost), the new thread is
 * listed, and a reload shows the stored history. Axe clean, photographed at 1280 and 390 px.
 */
let server: RunningServer;
let browser: Browser;
const runsHere = process.env.DATABASE_URL === undefined;
const slug = "acme";

beforeAll(async () => {
  if (!runsHere) return;
  ({ server, browser } = await startDashboard());
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function photographed(page: Page, name: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(screenshotsDir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe.skipIf(!runsHere)("the assistant in Chromium", () => {
  it("streams a reply with its cost, lists the thread and keeps the history", async () => {
    const { context, page, problems } = await openPage(browser, 1280);
    page.setDefaultTimeout(15_000);
    await signedInWorkspace(apiCalls(page.request, server.url), {
      email: "person@example.com",
      slug,
      displayName: "Acme",
      creditMicrousd: 5_000_000,
    });

    await page.goto(`${server.url}/w/${slug}`);
    await page.getByRole("link", { name: "Assistant" }).click();
    await page.getByRole("heading", { name: "Assistant", level: 1 }).waitFor();
    await page.getByText("No threads yet.").waitFor();
    await photographed(page, "chat-empty");

    const question = "What is our visibility over the last 7 days?";
    const box = page.getByLabel("Ask the assistant");
    await box.fill("first line");
    await box.press("Shift+Enter");
    await expect(box.inputValue()).resolves.toBe("first line\n");
    await box.fill(question);
    await box.press("Enter");
    await page.waitForURL(/\/w\/acme\/chat\/[^/]+$/);
    const reply = page.locator(".chat-message.assistant").last();
    await reply.getByText(/Simulated assistant/).waitFor();
    await reply.getByText(/Cost \$0\.00/).waitFor();
    await expect(
      reply.getByRole("list", { name: "Tools the assistant used" }).count(),
    ).resolves.toBe(1);
    await page.getByRole("button", { name: "Send" }).waitFor();
    // The numbers' sources open to the answers behind them.
    await reply.getByText(/^Where the numbers come from/).click();
    const source = reply.getByRole("link", { name: /^The answers behind / }).first();
    expect(await source.getAttribute("href")).toMatch(/^\/w\/acme\/answers\?from=/);
    const threads = page.getByRole("navigation", { name: "Threads" });
    await threads.getByRole("link", { name: new RegExp(question.slice(0, 20)) }).waitFor();
    await photographed(page, "chat-thread");

    await page.reload();
    await page.locator(".chat-message.user", { hasText: question }).waitFor();
    const stored = page.locator(".chat-message.assistant");
    await stored.getByText(/Simulated assistant/).waitFor();
    await stored.getByText(/Cost \$0\.00/).waitFor();
    await page
      .getByRole("heading", { name: new RegExp(question.slice(0, 20)), level: 2 })
      .waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });
});
