import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { RunningServer } from "@geopulse/server";
import { startServerOnCopy } from "@geopulse/server/test-support";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { inject } from "vitest";
import { launchChromium } from "../../../server/test/harness/chromium.js";

export const webDist = join(import.meta.dirname, "../../dist");
/** Where `pnpm screenshots` (and the browser tests) leave the pictures of each view. */
export const screenshotsDir = join(import.meta.dirname, "../../test-results/screenshots");

/**
 * The real server (a copy of the run's database snapshot, local mode, in-process workers) serving the BUILT app,
 * and Debian's Chromium (the server's page-test launcher). `env` adds or overrides server
 * settings (e.g. `GEO_FETCH_ALLOW_LOOPBACK` and `GEO_FETCH_PORTS` to evaluate a local page).
 */
export async function startDashboard(
  options: { env?: Record<string, string> } = {},
): Promise<{ server: RunningServer; browser: Browser }> {
  if (!existsSync(join(webDist, "index.html")))
    throw new Error("apps/web is not built: run `pnpm --filter @geopulse/web build` first");
  mkdirSync(screenshotsDir, { recursive: true });
  const server = await startServerOnCopy(inject("databaseSnapshot"), {
    env: { GEO_OPERATOR_MODE: "local", GEO_WEB_DIR: webDist, ...options.env },
  });
  const browser = await launchChromium();
  return { server, browser };
}

/** A page whose console errors and uncaught exceptions are collected (the test expects none). */
export async function openPage(
  browser: Browser,
  width: number,
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const at = message.location().url;
    problems.push(`console: ${message.text()}${at ? ` (${new URL(at).pathname})` : ""}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return { context, page, problems };
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * axe-core's serious and critical violations of the page as it is. The script is evaluated
 * through the DevTools protocol, so the app's CSP (no inline script) still holds for the app.
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<any> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return (result.violations as any[])
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n: any) => String(n.target)),
      }));
  });
}
