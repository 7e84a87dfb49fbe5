import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_TYPES } from "../../src/services/reports/report-catalog.js";
import { launchChromium } from "../harness/chromium.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { parsePdf } from "./parse-pdf.js";
import { period, seedReports } from "./report-fixtures.js";

// Every generated type, through the real route, as HTML (opened in headless Chromium) and as
// PDF (parsed back): the renderers' own tests cover layout and escaping on fixtures; these
// prove the stored documents of real runs render and are served as files.
let t: TestServer;
let cookie: string;
let slug: string;
let ids: Record<string, string>;
let browser: Browser;

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  ({ cookie, slug, ids } = await seedReports(t, "formatco"));
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await t.close();
});

/** The body as bytes (the harness's request reads text, which would mangle a PDF). */
async function download(path: string, accept?: string) {
  const response = await fetch(`${t.server.url}/api/v1/workspaces/${slug}${path}`, {
    headers: { cookie, ...(accept ? { accept } : {}) },
  });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe("reports as files", () => {
  it.each(REPORT_TYPES)(
    "%s as HTML opens in Chromium with its title and sections",
    async (type) => {
      const report = (
        await t.request<any>("GET", `/api/v1/workspaces/${slug}/reports/${ids[type]}`, {
          cookie,
        })
      ).body;
      const { response, bytes } = await download(`/reports/${ids[type]}?format=html`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="${slug}-${type}-${period.from}_${period.to}.html"`,
      );
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      await page.setContent(bytes.toString("utf8"));
      expect(await page.title()).toBe(
        `${report.document.title} · ${report.document.workspace.brand}`,
      );
      const headings = await page.locator("h2").allTextContents();
      for (const section of report.document.sections) expect(headings).toContain(section.title);
      expect(await page.locator("script").count()).toBe(0);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it.each(REPORT_TYPES)("%s as PDF parses with its title", async (type) => {
    const report = (
      await t.request<any>("GET", `/api/v1/workspaces/${slug}/reports/${ids[type]}`, {
        cookie,
      })
    ).body;
    const { response, bytes } = await download(`/reports/${ids[type]}`, "application/pdf");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="${slug}-${type}-${period.from}_${period.to}.pdf"`,
    );
    const parsed = await parsePdf(bytes);
    expect(parsed.pages.length).toBeGreaterThan(0);
    expect(parsed.title).toBe(report.document.title);
    const text = parsed.pages.join("\n").replace(/\s+/g, " ");
    for (const section of report.document.sections) {
      expect(text).toContain(section.title.replace(/\s+/g, " "));
    }
  });
});
