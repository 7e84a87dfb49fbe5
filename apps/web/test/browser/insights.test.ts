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
  await page.getByRole("button", { name: "Start" }).click();
  await page.getByRole("button", { name: "Mark done" }).click();
  await page.getByRole("heading", { name: "Impact" }).waitFor();
}

/**
 * A done recommendation measured over weeks (stored as a measurement writes it: the
 * measurement needs a week of later runs): the impact says each week compared.
 */
async function showsAWeeklyImpact(page: Page): Promise<void> {
  const done = await server.ctx.prisma.recommendation.findFirstOrThrow({
    where: { status: "done" },
  });
  const baseline = done.impactBaseline as { name: string; date: string };
  const day = (offset: number) =>
    new Date(Date.parse(`${baseline.date}T00:00:00Z`) + offset * 86_400_000)
      .toISOString()
      .slice(0, 10);
  const week = (last: number, value: number) => ({
    from: day(last - 6),
    to: day(last),
    days: 7,
    value,
    ciLow: value - 0.04,
    ciHigh: value + 0.04,
    n: 1120,
  });
  const [before, after] = [week(0, 0.33), week(14, 0.41)];
  await server.ctx.prisma.recommendation.update({
    where: { id: done.id },
    data: {
      impactCurrent: {
        name: baseline.name,
        value: after.value,
        ciLow: after.ciLow,
        ciHigh: after.ciHigh,
        n: after.n,
        date: after.to,
      },
      impactDelta: {
        delta: 0.08,
        ciLow: 0.03,
        ciHigh: 0.13,
        significant: true,
        method: "daily-rates-t",
        windows: { before, after },
      },
      impactVerdict: "improved",
    },
  });
  await page.reload();
  await page.locator("tbody button.link").first().click();
  const impact = page.getByRole("region", { name: "Impact" });
  await impact.getByText(/^Change: \+8 pts/).waitFor();
  await impact
    .getByText(/^Before: 33\.0% \(95% CI 29\.0%–37\.0%\), n = 1,120, .+ \(7 days\)$/)
    .waitFor();
  await impact.getByText(/^After: 41\.0% /).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await impact.screenshot({ path: join(screenshotsDir, "recommendation-impact-1280.png") });
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
      if (width === 1280) {
        await actsOnARecommendation(opened.page);
        await showsAWeeklyImpact(opened.page);
      }
      expect(opened.problems).toEqual([]);
      await opened.context.close();
    }
  }, 60_000);
});
