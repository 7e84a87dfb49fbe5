import { join } from "node:path";
import type { RunningServer } from "@geopulse/server";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCalls, finishedSmokeRun, signedInWorkspace } from "./api-setup.js";
import { openPage, screenshotsDir, seriousViolations, startDashboard } from "./harness.js";

/**
 * The prompts journey: a prompt added through the form (a 400 shown under its field first),
 * two imported, a smoke run made through the API (local mode: the simulated engine answers),
 * the prompt's detail with its highlighted answers, and a daily schedule set and removed.
 * Each view is checked with axe and photographed at 1280 px and 390 px.
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

async function photograph(page: Page, name: string, width: number): Promise<void> {
  await page
    .getByText(/^Loading/)
    .first()
    .waitFor({ state: "detached" });
  if (width === 1280) {
    const violations = await seriousViolations(page);
    expect(violations, `${name}: ${JSON.stringify(violations)}`).toEqual([]);
  }
  await page.screenshot({ path: join(screenshotsDir, `${name}-${width}.png`), fullPage: true });
}

/** Adds a prompt through the form, after the API's 400 for a too short text shows inline. */
async function addsAndImports(page: Page): Promise<void> {
  await page.goto(`${server.url}/w/${slug}/prompts`);
  await page.getByText("No prompts yet").waitFor();
  const field = page.getByLabel("Prompt", { exact: true });
  await field.fill("ab");
  await page.getByRole("button", { name: "Add prompt" }).click();
  await page.locator(".field.invalid .field-errors").first().waitFor();
  expect(await field.getAttribute("aria-invalid")).toBe("true");
  await field.fill("best analytics tool for startups");
  await page.getByRole("button", { name: "Add prompt" }).click();
  await page.getByRole("link", { name: "best analytics tool for startups" }).waitFor();

  await page
    .getByLabel("Prompts, one per line")
    .fill("Acme vs Globex analytics\nwhich analytics tool do experts use\n");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect
    .poll(() => page.getByTestId("import-result").textContent())
    .toBe("2 imported, 0 skipped as repeats.");
  await page.getByRole("link", { name: "Acme vs Globex analytics" }).waitFor();
  await page.getByText("3 of").first().waitFor();
}

/** Sets a daily schedule, sees its next run, has a bad time zone refused inline, removes it. */
async function setsAndClearsASchedule(page: Page): Promise<void> {
  await page.goto(`${server.url}/w/${slug}/runs`);
  await page.getByTestId("schedule-summary").waitFor();
  await page.getByLabel("Time of day").fill("07:30");
  await page.getByLabel("Time zone").fill("Mars/Olympus");
  await page.getByRole("button", { name: "Set the schedule" }).click();
  await page.getByText("is not an IANA time zone name").waitFor();
  await page.getByLabel("Time zone").fill("Europe/Madrid");
  await page.getByRole("button", { name: "Set the schedule" }).click();
  await page.getByText("every day at 07:30 Europe/Madrid time").waitFor();
  await page.getByText("Next run:").waitFor();
  await page.getByText("Confirmations of borderline changes: off.").waitFor();
  await page.getByLabel("Confirmation budget ($ a month)").fill("lots");
  await page.getByText("Dollars from 0 to 10,000.").waitFor();
  await page.getByLabel("Confirmation budget ($ a month)").fill("5");
  await page.getByRole("button", { name: "Update the schedule" }).click();
  await page.getByText("Confirmations of borderline changes: $0.00 of $5.00 this month.").waitFor();
}

/**
 * Sees adaptive sampling's confirmations: a stored one (the service's own tests make them from
 * a borderline change) with its fresh days, extra answers and the bound it must pass.
 */
async function seesAConfirmation(page: Page): Promise<void> {
  const panel = page.locator("article", {
    has: page.getByRole("heading", { name: "Confirmations" }),
  });
  await panel.getByText("None yet.").waitFor();
  const prisma = server.ctx.prisma;
  const { id: workspaceId } = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
  const now = new Date();
  await prisma.metricConfirmation.create({
    data: {
      id: "cnf_01JZZZZZZZZZZZZZZZZZZZZZZZ",
      workspaceId,
      entityId: "self",
      engine: null,
      seriesKey: "self/all",
      day: new Date("2026-06-30T00:00:00.000Z"),
      direction: "up",
      pValue: 0.0005,
      promptIds: ["prm_a", "prm_b"],
      engines: ["simulated"],
      reference: { from: "2026-04-29", to: "2026-05-26", days: 28, rate: 0.318 },
      status: "confirmed",
      analysisVersion: 4,
      subjectFingerprint: "fixture",
      freshDays: 2,
      freshAnswers: 96,
      extraAnswers: 80,
      rate: 0.47,
      low: 0.39,
      high: 0.55,
      referenceBound: 0.36,
      decidedOn: new Date("2026-07-02T00:00:00.000Z"),
      createdAt: now,
      updatedAt: now,
    },
  });
  await page.reload();
  const row = page.getByTestId("confirmations-table").getByRole("row", { name: /2026-06-30/ });
  await row.waitFor();
  expect(await row.textContent()).toMatch(
    /Your brand, every engine, up.*Confirmed on 2026-07-02.*2 of 7.*96 \(80\).*47\.0% \(39\.0%–55\.0%\).*above 36\.0%/,
  );
}

/** Sees what the runs buy (on the schedule's days) and compares a design with more prompts. */
async function comparesADesign(page: Page): Promise<void> {
  const plan = page.locator("article", {
    has: page.getByRole("heading", { name: "Precision and cost" }),
  });
  await plan.getByRole("row", { name: /^Now .* 7 \(schedule\) at most/ }).waitFor();
  await plan.getByRole("row", { name: /^Now Share of voice ±[\d.]+ pts ±/ }).waitFor();
  await plan.getByLabel("Prompts").fill("40");
  await plan.getByRole("button", { name: "Compare" }).click();
  // A proposal without run days keeps the schedule's.
  await plan
    .getByRole("row", { name: /^Proposed 40 × \d+ × \d+ 7 \(schedule\) at most/ })
    .waitFor();
  await plan.getByRole("row", { name: /^Proposed Visibility ±/ }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
}

describe.skipIf(!runsHere)("the prompts views in Chromium", () => {
  it("adds, imports, shows a prompt's answers after a run and schedules runs", async () => {
    const setup = await openPage(browser, 1280);
    const api = apiCalls(setup.page.request, server.url);
    await signedInWorkspace(api, { email: "person@example.com", slug, displayName: "Acme" });
    await addsAndImports(setup.page);
    await photograph(setup.page, "prompts", 1280);

    await finishedSmokeRun(api, slug);
    await setup.page.goto(`${server.url}/w/${slug}/prompts`);
    await setup.page.getByRole("link", { name: "Acme vs Globex analytics" }).click();
    await setup.page.getByRole("heading", { name: "Acme vs Globex analytics" }).waitFor();
    await setup.page.locator("li.answer").first().waitFor();
    // The simulated engine names entities by chance: the answer's citations (or their
    // absence) are listed either way; the highlighting itself is unit-tested.
    await setup.page.locator("li.answer .citations, li.answer .muted").first().waitFor();
    await setup.page.locator("td[data-label='Engine']").first().waitFor();
    expect(
      await setup.page.locator("td[data-label='Visibility (95% interval)']").first().textContent(),
    ).toMatch(/%.*95% CI .*%/);
    const detailPath = new URL(setup.page.url()).pathname;
    await photograph(setup.page, "prompt-detail", 1280);

    await setsAndClearsASchedule(setup.page);
    await comparesADesign(setup.page);
    await seesAConfirmation(setup.page);
    await photograph(setup.page, "runs-schedule", 1280);
    await setup.page.getByRole("button", { name: "Remove the schedule" }).click();
    await setup.page.getByText("No schedule: runs start only when you start them").waitFor();
    // Chrome logs every 4xx fetch as an error; these two are the 400s the steps provoked (the
    // too short prompt, the unknown time zone). Anything else fails the test.
    const provoked = [
      /status of 400 \(Bad Request\) \(\/api\/v1\/workspaces\/acme\/prompts\)$/,
      /status of 400 \(Bad Request\) \(\/api\/v1\/workspaces\/acme\/run-schedule\)$/,
    ];
    expect(setup.problems.filter((p) => !provoked.some((re) => re.test(p)))).toEqual([]);
    const cookies = await setup.context.cookies();
    await setup.context.close();

    const phone = await openPage(browser, 390);
    await phone.context.addCookies(cookies);
    for (const [name, path, ready] of [
      ["prompts", `/w/${slug}/prompts`, "td[data-label='Prompt']"],
      ["prompt-detail", detailPath, "li.answer"],
      ["runs-schedule", `/w/${slug}/runs`, "[data-testid='schedule-summary']"],
    ] as const) {
      await phone.page.goto(`${server.url}${path}`);
      await phone.page.locator(ready).first().waitFor();
      await photograph(phone.page, name, 390);
    }
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  }, 90_000);
});
