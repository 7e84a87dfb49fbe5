import { join } from "node:path";
import type { RunningServer } from "@geopulse/server";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCalls, measuredWorkspace } from "./api-setup.js";
import { openPage, screenshotsDir, seriousViolations, startDashboard } from "./harness.js";

/**
 * The Sources view on a workspace with a measured smoke run (set up through the API with the
 * session cookie, as insights.test.ts does): the period's domains and URLs, then one domain's
 * citing prompts and the answers behind them; axe clean, photographed at 1280 px and 390 px.
 */
let server: RunningServer;
let browser: Browser;
const runsHere = process.env.DATABASE_URL === undefined;
const slug = "acme-sources";

beforeAll(async () => {
  if (!runsHere) return;
  ({ server, browser } = await startDashboard());
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe.skipIf(!runsHere)("the Sources view in Chromium", () => {
  it("shows a measured period's sources and who cites a domain, axe clean, no console errors", async () => {
    const setup = await openPage(browser, 1280);
    const api = apiCalls(setup.page.request, server.url);
    await measuredWorkspace(api, {
      email: "sources@example.com",
      slug,
      displayName: "Acme Sources",
    });
    const cookies = await setup.context.cookies();
    await setup.context.close();
    // The simulated engine reports no pages read without citing them: one answer read two.
    const prisma = server.ctx.prisma;
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
    const answer = await prisma.engineResponse.findFirstOrThrow({
      where: { workspaceId: workspace.id, status: "succeeded" },
    });
    await prisma.responseSource.createMany({
      data: [
        { url: "https://read-only.example/guide", domain: "read-only.example" },
        { url: "https://acme.example/pricing", domain: "acme.example" },
      ].map((source, i) => ({
        ...source,
        id: `usrc_browser_${i}`,
        responseId: answer.id,
        position: i + 1,
      })),
    });

    for (const width of [1280, 390]) {
      const { context, page, problems } = await openPage(browser, width);
      await context.addCookies(cookies);
      await page.goto(`${server.url}/w/${slug}/sources?days=7`);
      const domains = page.getByRole("table", { name: "Top cited domains" });
      await domains.waitFor();
      expect(await page.getByRole("radio", { name: "Last 7 days" }).isChecked()).toBe(true);
      const read = page.getByRole("table", { name: "Domains read but not cited" });
      expect(await read.getByRole("row").count()).toBe(3);
      await read.getByText("read-only.example").waitFor();
      if (width === 1280) expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({
        path: join(screenshotsDir, `sources-period-${width}.png`),
        fullPage: true,
      });

      // Keyboard: the first domain's button opens who cites it, and the focus moves there.
      const first = domains.getByRole("button").first();
      await first.focus();
      await page.keyboard.press("Enter");
      const prompts = page.getByRole("table", { name: /^Prompts citing / });
      await prompts.waitFor();
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("source-title");
      if (width === 1280) expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({
        path: join(screenshotsDir, `sources-domain-${width}.png`),
        fullPage: true,
      });

      if (width === 1280) {
        // One surface read apart, in the address, kept by the domain panel and its answers.
        const surfaces = page.getByRole("combobox", { name: /^Answers read from/ });
        await surfaces.selectOption("consumer_app");
        await page.waitForURL(/surface=consumer_app/);
        await page.getByText(/^No answers measured in this period/).waitFor();
        await page.getByText(/^No answer cited .* in this period/).waitFor();
        await surfaces.selectOption("api");
        await page.waitForURL(/surface=api/);
        await prompts.waitFor();
        // A prompt's count of citing answers opens to exactly those answers.
        const citing = prompts.getByRole("link").first();
        const count = (await citing.textContent())?.match(/\d+/)?.[0];
        await citing.click();
        await page
          .getByRole("heading", { name: /^Answers .*read from developer APIs.*citing / })
          .waitFor();
        expect(page.url()).toContain("surface=api");
        await page.getByRole("status").getByText(`${count} answers`, { exact: true }).waitFor();
        expect(await surfaces.inputValue()).toBe("api");
        await page.screenshot({
          path: join(screenshotsDir, "sources-answers-api-1280.png"),
          fullPage: true,
        });
        // Another surface: none of these answers.
        await surfaces.selectOption("search_page");
        await page.getByText("No answer matches this number.").waitFor();
      }
      expect(problems).toEqual([]);
      await context.close();
    }
  }, 90_000);
});
