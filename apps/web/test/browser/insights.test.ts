import { join } from "node:path";
import type { RunningServer } from "@geopulse/server";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCalls, finishedSmokeRun, measuredWorkspace } from "./api-setup.js";
import { openPage, screenshotsDir, seriousViolations, startDashboard } from "./harness.js";

/**
 * The insights views on a workspace with data: the workspace, credit, prompts and a smoke
 * run are set up through the API with the session cookie (the first journey does it through
 * the forms), then each view is opened, checked with axe and photographed at 1280 px and 390 px.
 */
let server: RunningServer;
let browser: Browser;
const runsHere = process.env.DATABASE_URL === undefined;
const slug = "acme";
const insightViews = [
  { name: "sources", path: `/w/${slug}/sources`, ready: "h2" },
  { name: "recommendations", path: `/w/${slug}/recommendations`, ready: "h2" },
];

beforeAll(async () => {
  if (!runsHere) return;
  ({ server, browser } = await startDashboard());
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens the first recommendation's evidence (axe clean, photographed) and accepts it. */
async function actsOnARecommendation(page: Page): Promise<void> {
  await page.goto(`${server.url}/w/${slug}/recommendations`);
  await page.locator("tbody button.link").first().click();
  await page.getByRole("heading", { name: "Evidence" }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({
    path: join(screenshotsDir, "recommendation-detail-1280.png"),
    fullPage: true,
  });
  await page.getByRole("button", { name: "Accept" }).click();
  await page.getByRole("button", { name: "Start" }).waitFor();
  await page.locator("td", { hasText: "Accepted" }).waitFor();
}

describe.skipIf(!runsHere)("the insights views in Chromium", () => {
  it("opens each view on a workspace with a measured run, axe clean, no console errors", async () => {
    const setup = await openPage(browser, 1280);
    const api = apiCalls(setup.page.request, server.url);
    await measuredWorkspace(api, { email: "person@example.com", slug, displayName: "Acme" });
    // The simulated engine draws each run's answers afresh (its seed holds the run id), and
    // about one smoke run in ten leaves nothing to recommend: then another run is made.
    for (let runs = 1; ; runs++) {
      // The run's answers are analysed after it ends: derive once that day is there.
      let derived: { date: string | null; recommendations: unknown[] } | undefined;
      const derive = async () => {
        derived = await api.post(`/workspaces/${slug}/recommendations/derive`);
        return derived?.date;
      };
      await expect.poll(derive, { timeout: 30_000, interval: 250 }).not.toBeNull();
      if (derived?.recommendations.length) break;
      expect(runs, "smoke runs without a recommendation").toBeLessThan(6);
      await finishedSmokeRun(api, slug);
    }
    const cookies = await setup.context.cookies();
    await setup.context.close();

    for (const width of [1280, 390]) {
      const opened = await openPage(browser, width);
      await opened.context.addCookies(cookies);
      for (const view of insightViews) {
        await opened.page.goto(`${server.url}${view.path}`);
        await opened.page.locator(view.ready).first().waitFor();
        await opened.page.getByText(/^Loading/).waitFor({ state: "detached" });
        if (width === 1280) {
          const violations = await seriousViolations(opened.page);
          expect(violations, `${view.name}: ${JSON.stringify(violations)}`).toEqual([]);
        }
        await opened.page.screenshot({
          path: join(screenshotsDir, `${view.name}-${width}.png`),
          fullPage: true,
        });
      }
      if (width === 1280) await actsOnARecommendation(opened.page);
      expect(opened.problems).toEqual([]);
      await opened.context.close();
    }
  }, 60_000);
});
