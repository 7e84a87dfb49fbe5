import { join } from "node:path";
import type { RunningServer } from "@geopulse/server";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openPage, screenshotsDir, seriousViolations, startDashboard } from "./harness.js";

/**
 * The built dashboard in headless Chromium against the real server, as a person uses it:
 * sign in, create a workspace, top up, generate and accept prompts, run, read the overview,
 * open the answers behind a number, create and acknowledge an API key. Every view is checked
 * with axe and photographed at 1280 px and 390 px (`pnpm screenshots`).
 */
let server: RunningServer;
let browser: Browser;
let page: Page;
let problems: string[];
const views: Array<{ name: string; path: string; ready: string }> = [];

// The app's server runs on the embedded database whatever DATABASE_URL says, so the
// PostgreSQL pass of the suite (.ci/run) would only repeat this file: it runs in the first.
const runsHere = process.env.DATABASE_URL === undefined;

beforeAll(async () => {
  if (!runsHere) return;
  ({ server, browser } = await startDashboard());
  const opened = await openPage(browser, 1280);
  ({ page, problems } = opened);
  page.setDefaultTimeout(15_000);
  await opened.context.grantPermissions(["clipboard-read", "clipboard-write"], {
    origin: server.url,
  });
});
// One person's session, step after step: after a failed step the rest would only time out.
let broken = false;
afterEach((ctx) => {
  if (ctx.task.result?.state === "fail") broken = true;
});
beforeEach((ctx) => {
  if (broken) ctx.skip();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Checks the view with axe and remembers it for the screenshots. */
async function visited(name: string, ready: string): Promise<void> {
  await page.locator(ready).first().waitFor();
  const violations = await seriousViolations(page);
  expect(violations, `${name}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
  views.push({ name, path: new URL(page.url()).pathname + new URL(page.url()).search, ready });
}

// biome-ignore lint/performance/useDomNodeTextContent: the text as a person sees it, rendered
const text = (selector: string) => page.locator(selector).first().innerText();

describe.skipIf(!runsHere)("the dashboard in Chromium", () => {
  it("signs in (local mode: at once) and offers to create the first workspace", async () => {
    await page.goto(`${server.url}/`);
    await page.waitForURL("**/login");
    await visited("sign-in", "#email");
    await page.getByLabel("Email").fill("person@example.com");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("No workspace yet").waitFor();
    await page.getByRole("link", { name: "create one" }).click();
    await visited("create-workspace", "text=Create a workspace");
  });

  it("shows the API's field errors next to the fields, then creates the workspace", async () => {
    await page.getByLabel("Brand id").fill("Not A Brand");
    await page.getByLabel("Display name").fill("Acme Analytics");
    await page.getByLabel("Brand domains").fill("acme.com, bad_domain");
    await page.getByRole("button", { name: "Create workspace" }).click();
    await page.getByText("Some fields need a change").waitFor();
    // The brand's and the domain's messages sit with their fields; the form kept its values.
    await expect(page.locator(".field.invalid").count()).resolves.toBeGreaterThanOrEqual(3);
    await expect(page.getByLabel("Brand id").getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(text(".field.invalid .field-errors")).resolves.toContain(
      "not in the expected form",
    );
    await page.screenshot({
      path: join(screenshotsDir, "create-workspace-errors-1280.png"),
      fullPage: true,
    });

    await page.getByLabel("Brand id").fill("acme");
    await page.getByLabel("Brand domains").fill("acme.com");
    const competitors = [
      ["Globex", "globex.com", "Globex Corp, Globex"],
      ["Initech", "initech.io", "Initech"],
    ];
    for (const [i, [name, domains, aliases]] of competitors.entries()) {
      const row = page.getByRole("group", { name: `Competitor ${i + 1}` });
      await row.getByLabel("Name", { exact: true }).fill(name as string);
      await row.getByLabel("Domains", { exact: true }).fill(domains as string);
      await row.getByLabel("Aliases", { exact: true }).fill(aliases as string);
    }
    await page.getByLabel("Search Console property").fill("sc-domain:acme.com");
    await page.getByLabel("GA4 property id").fill("123456789");
    await page.getByLabel("Active prompt set size").fill("20");
    await page.getByRole("button", { name: "Create workspace" }).click();
    await page.waitForURL("**/w/acme");
    await page.getByText("No measured day yet").waitFor();
    await page.getByText("No runs yet").waitFor();
  });

  it("tops up in local mode", async () => {
    await page.getByRole("link", { name: "Billing" }).first().click();
    await page.locator("[data-testid=available]").waitFor();
    const before = await text("[data-testid=available]");
    await page.getByLabel("Amount in dollars").fill("25");
    await page.getByRole("button", { name: "Add credit" }).click();
    await page.getByText("Credit added.").waitFor();
    await expect.poll(() => text("[data-testid=available]"), { timeout: 10_000 }).not.toBe(before);
    await visited("billing", "[data-testid=available]");
  });

  it("generates suggestions and accepts them into the prompt set", async () => {
    await page.getByRole("link", { name: "Prompts" }).click();
    await page.getByText("No prompts yet").waitFor();
    await page.getByRole("button", { name: "Generate 10 suggestions" }).click();
    await page.getByText(/^Select all/).waitFor({ timeout: 30_000 });
    await page.getByLabel(/^Select all/).check();
    await page.getByRole("button", { name: /^Accept \d+ selected/ }).click();
    await page.locator("table tbody tr").first().waitFor();
    expect(await page.locator("table tbody tr").count()).toBeGreaterThan(0);
    await visited("prompts", "table");
  });

  it("starts a run and watches it finish", async () => {
    await page.getByRole("link", { name: "Runs" }).click();
    await page.getByText("No runs yet").waitFor();
    await page.getByLabel(/^Smoke/).check();
    // The cost is known before starting.
    await expect(text("[data-testid=estimate]")).resolves.toMatch(/^\$\d/);
    await page.getByRole("button", { name: "Start run" }).click();
    await page.locator("progress").waitFor();
    await page
      .getByRole("heading", { name: /^Run (succeeded|partial)$/ })
      .waitFor({ timeout: 60_000 });
    await page.locator("table tbody tr").first().waitFor();
    await visited("runs", "table");
  });

  it("shows the overview with intervals and opens the answers behind a number", async () => {
    await page.getByRole("link", { name: "See the overview" }).click();
    await page.getByText(/^95% interval/).waitFor();
    // The first measured day has nothing to compare with; the card says so.
    await page.getByText("No earlier day to compare with yet.").waitFor();
    await page.locator(".recharts-surface").first().waitFor();
    await expect(page.locator("tbody th[scope=row]").count()).resolves.toBeGreaterThanOrEqual(3);
    await visited("overview", ".recharts-surface");
    // The last 7 days against the 7 before (nothing before the first run: no change yet),
    // and 28 days, kept in the address.
    await page.getByRole("heading", { name: "Last 7 days" }).waitFor();
    await page.getByText(/: 1 run day, [\d,.]+ answers, against/).waitFor();
    // The composite (0-100) leads, with its interval over prompts and run days.
    expect(
      await page.locator("td[data-label='Composite (95% interval)']").first().textContent(),
    ).toMatch(/^\d+(\.\d)? \(95% CI [\d.]+–[\d.]+\)$/);
    // The run's end refreshed the time series too (it was read before the run, empty).
    await expect(page.getByText("No measured days in this range").count()).resolves.toBe(0);
    // The window's visibility opens to the answers of its days naming the entity.
    const windowNaming = page.getByRole("link", {
      name: /open the \d+ answers of \d+ in the last 7 days naming Globex/,
    });
    await opensToItsAnswers(windowNaming, "Answers mentioning Globex");
    await page.goBack();
    await page.getByRole("heading", { name: "Last 7 days" }).waitFor();
    // Its recommendation rate opens to the answers recommending the entity.
    const windowRecommending = page.getByRole("link", {
      name: /open the \d+ answers of \d+ in the last 7 days recommending Globex/,
    });
    await opensToItsAnswers(windowRecommending, "Answers recommending Globex");
    await page.goBack();
    await page.getByRole("heading", { name: "Last 7 days" }).waitFor();
    // Its citation share opens to the answers citing the entity.
    const windowCiting = page.getByRole("link", {
      name: /open the \d+ answers of \d+ in the last 7 days citing Globex/,
    });
    await opensToItsAnswers(windowCiting, "Answers citing Globex");
    await page.goBack();
    await page.getByRole("heading", { name: "Last 7 days" }).waitFor();
    await page.getByRole("radio", { name: "28 days" }).click();
    await page.waitForURL(/window=28/);
    await page.getByRole("heading", { name: "Last 28 days" }).waitFor();
    await page.getByRole("radio", { name: "7 days" }).click();
    await page.getByRole("heading", { name: "Last 7 days" }).waitFor();
    // One surface read apart, in the address: no consumer app has been asked.
    await page.getByLabel("Answers read from").selectOption("consumer_app");
    await page.waitForURL(/surface=consumer_app/);
    await page.getByText(/^No measured day yet/).waitFor();
    await page.getByLabel("Answers read from").selectOption("");
    await page.getByText(/^95% interval/).waitFor();

    // Every number opens to exactly the answers it counts: the score's n, an entity's
    // visibility (the answers naming it).
    const naming = page.getByRole("link", { name: /open the \d+ answers of \d+ naming Globex/ });
    const score = page.getByRole("link", { name: /^Open the \d+ answers behind the score/ });
    const scoreCount = await countIn(score);
    await score.click();
    await page.getByRole("status").getByText(`${scoreCount} answers`, { exact: true }).waitFor();
    await page.locator(".answer").first().waitFor();
    await expect(page.locator(".answer mark").count()).resolves.toBeGreaterThan(0);
    await visited("answers", ".answer");
    await page.goBack();
    await opensToItsAnswers(naming, "Answers mentioning Globex");
    await page.goBack();
    // The recommendation rate opens to the answers recommending the entity.
    await opensToItsAnswers(
      page.getByRole("link", { name: /open the \d+ answers of \d+ recommending Globex/ }),
      "Answers recommending Globex",
    );
  });

  it("creates an API key, shows its secret once, and acknowledges it", async () => {
    await page.getByRole("link", { name: "API keys" }).click();
    await page.getByText("No keys yet").waitFor();
    await page.getByLabel("Name").fill("reporting");
    await page.getByRole("button", { name: "Create key" }).click();
    const secret = await page.getByLabel("Secret").inputValue();
    expect(secret).toMatch(/^gp_live_[A-Za-z0-9_-]{43}$/);
    await page.getByRole("button", { name: "Copy" }).click();
    await page.getByText("Copied to the clipboard.").waitFor();
    await page.screenshot({
      path: join(screenshotsDir, "api-key-secret-1280.png"),
      fullPage: true,
    });
    await page.getByRole("button", { name: "I have stored the key" }).click();
    await page.locator("td", { hasText: "active" }).waitFor();
    // The secret is gone from the page once acknowledged, and the key works.
    expect(await page.content()).not.toContain(secret);
    const asKey = () =>
      fetch(`${server.url}/api/v1/me`, { headers: { authorization: `Bearer ${secret}` } });
    expect((await asKey()).status).toBe(200);
    await visited("api-keys", "table");
    // Revoking asks once more before it acts; the key stops working.
    await page.getByRole("button", { name: "Revoke reporting" }).click();
    await page.getByRole("button", { name: "Confirm revoking reporting" }).click();
    await page.locator("td", { hasText: "revoked" }).waitFor();
    expect((await asKey()).status).toBe(401);
  });

  it("had no console errors, and photographs every view at 1280 px and 390 px", async () => {
    // Chrome logs every 4xx fetch as an error; these two are answers the steps asked for
    // (who am I before signing in, the invalid form). Anything else fails the test.
    const provoked = [
      /status of 401 \(Unauthorized\) \(\/api\/v1\/me\)$/,
      /status of 400 \(Bad Request\) \(\/api\/v1\/workspaces\)$/,
    ];
    expect(problems.filter((p) => !provoked.some((re) => re.test(p))).join("\n")).toBe("");
    const cookies = await page.context().cookies();
    for (const width of [1280, 390]) {
      const opened = await openPage(browser, width);
      await opened.context.addCookies(cookies);
      for (const view of views) {
        await opened.page.goto(`${server.url}${view.path}`);
        await opened.page.locator(view.ready).first().waitFor();
        await opened.page.screenshot({
          path: join(screenshotsDir, `${view.name}-${width}.png`),
          fullPage: true,
        });
      }
      expect(opened.problems).toEqual([]);
      await opened.context.close();
    }
  });
});

/** The number of answers a drill-down link says it opens ("open the 12 answers of 40 ..."). */
async function countIn(link: Locator): Promise<number> {
  return Number((await link.getAttribute("aria-label"))?.match(/open the (\d+)/i)?.[1]);
}

/** Following a number's link lists exactly the answers it says it counts, under `heading`. */
async function opensToItsAnswers(link: Locator, heading: string): Promise<void> {
  const count = await countIn(link);
  await link.click();
  await page.getByRole("heading", { name: heading }).waitFor();
  await (count === 0
    ? page.getByText("No answer matches this number.")
    : page.getByRole("status").getByText(`${count} answers`, { exact: true })
  ).waitFor();
}
