import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium } from "playwright-core";

/** Where page tests save screenshots for a person to look at. */
export const screenshotsDir = join(import.meta.dirname, "../../test-results/screenshots");

/**
 * Debian's headless Chromium (`GEO_CHROMIUM` names another), driven by playwright-core:
 * Playwright's own browser download does not work here. Quiet: no background requests.
 */
export async function launchChromium(): Promise<Browser> {
  mkdirSync(screenshotsDir, { recursive: true });
  return chromium.launch({
    executablePath: process.env.GEO_CHROMIUM ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}
