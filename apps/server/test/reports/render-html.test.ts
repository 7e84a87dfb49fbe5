import { join } from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderReportHtml } from "../../src/reports/render/render-report-html.js";
import type { ReportDocument } from "../../src/reports/report-document.js";
import { launchChromium, screenshotsDir as screenshots } from "../harness/chromium.js";
import {
  ACCENTED,
  BEYOND_LATIN1,
  degenerateDocument,
  expectedShape,
  HOSTILE_IMG,
  HOSTILE_SCRIPT,
  PROMPT_ROWS,
  reportFixtures,
} from "./render-fixtures.js";

/**
 * Each report type's HTML opened in a real headless Chromium (Debian's, `GEO_CHROMIUM` to use
 * another), loaded as a file would be: no console error, nothing ran, hostile text shows as
 * text, every chart drawn at a size, every table with its rows. Screenshots land in
 * test-results/screenshots for a person to look at.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

interface Opened {
  console: string[];
  requests: string[];
  dialogs: number;
  title: string;
  bodyText: string;
  charts: Array<{ width: number; height: number; label: string | null; marks: number }>;
  rows: number[];
  scripts: number;
  handlers: number;
  links: string[];
}

async function open(doc: ReportDocument, name?: string): Promise<Opened> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const consoleMessages: string[] = [];
  const requests: string[] = [];
  let dialogs = 0;
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") consoleMessages.push(m.text());
  });
  page.on("pageerror", (err) => consoleMessages.push(String(err)));
  page.on("dialog", async (d) => {
    dialogs += 1;
    await d.dismiss();
  });
  page.on("request", (r) => {
    if (!r.url().startsWith("about:") && !r.url().startsWith("data:")) requests.push(r.url());
  });
  await page.setContent(renderReportHtml(doc), { waitUntil: "load" });
  if (name) {
    await page.screenshot({ path: join(screenshots, `report-${name}.png`), fullPage: true });
    await page.emulateMedia({ media: "print" });
    await page.screenshot({ path: join(screenshots, `report-${name}-print.png`) });
  }
  // The server's tsconfig has no DOM library: what is read is typed by hand.
  const opened = await page.evaluate(() => {
    const d = (globalThis as unknown as { document: any }).document;
    const all = (sel: string): any[] => Array.from(d.querySelectorAll(sel));
    return {
      title: d.title as string,
      // biome-ignore lint/performance/useDomNodeTextContent: the text as a reader sees it is the point
      bodyText: d.body.innerText as string,
      charts: all("figure.chart svg").map((svg) => {
        const box = svg.getBoundingClientRect();
        return {
          width: box.width as number,
          height: box.height as number,
          label: svg.querySelector("title")?.textContent as string | null,
          marks: svg.querySelectorAll("path.line, rect.bar").length as number,
        };
      }),
      rows: all("table").map((t) => t.querySelectorAll("tbody tr").length as number),
      scripts: all("script").length,
      handlers: all("*").filter((el) =>
        Array.from(el.attributes as ArrayLike<{ name: string }>).some((a) =>
          a.name.startsWith("on"),
        ),
      ).length,
      links: all("a[href]").map((a) => a.getAttribute("href") as string),
    };
  });
  await page.close();
  return { ...opened, console: consoleMessages, requests, dialogs };
}

describe("the HTML report in Chromium", () => {
  for (const [type, doc] of Object.entries(reportFixtures)) {
    it(`renders ${type}: charts, tables, nothing run, nothing loaded`, async () => {
      const html = renderReportHtml(doc);
      expect(html.startsWith("<!doctype html>")).toBe(true);
      expect(html).not.toMatch(/<script/i);
      expect(html).toContain('http-equiv="Content-Security-Policy"');

      const opened = await open(doc, type);
      expect(opened.console).toEqual([]);
      expect(opened.requests).toEqual([]);
      expect(opened.dialogs).toBe(0);
      expect(opened.title).toContain(doc.title);
      expect(opened.scripts).toBe(0);
      expect(opened.handlers).toBe(0);

      const shape = expectedShape(doc);
      expect(opened.charts).toHaveLength(shape.charts);
      for (const chart of opened.charts) {
        expect(chart.width).toBeGreaterThan(300);
        expect(chart.height).toBeGreaterThan(150);
        expect(chart.label).toBeTruthy();
        expect(chart.marks).toBeGreaterThan(0);
      }
      expect(opened.rows).toEqual(shape.rows);
      for (const href of opened.links) expect(href).toMatch(/^(https?:\/\/|#s-\d+$)/);
      expect(opened.bodyText).toContain(doc.workspace.brand);
    });
  }

  it("shows hostile and accented text as text", async () => {
    const opened = await open(reportFixtures.visibility_summary);
    expect(opened.bodyText).toContain(HOSTILE_SCRIPT);
    expect(opened.bodyText).toContain(HOSTILE_IMG);
    expect(opened.bodyText).toContain("Fàbrica Col·lectiva");
    expect(opened.title).not.toBe("pwned");
    const prompts = await open(reportFixtures.prompt_detail);
    expect(prompts.rows).toEqual([PROMPT_ROWS]);
    expect(prompts.bodyText).toContain(BEYOND_LATIN1);
    expect(prompts.bodyText).toContain("col·lectius");
  });

  it("links only http and https URLs, and shows the others as text", async () => {
    const opened = await open(reportFixtures.cited_sources);
    expect(opened.links.some((l) => l.startsWith("javascript:") || l.startsWith("data:"))).toBe(
      false,
    );
    expect(opened.bodyText).toContain("javascript:alert(3)");
    expect(opened.bodyText).toContain("data:text/html,<script>alert(4)</script>");
  });

  it("formats cells: percent with one decimal, micro-USD as dollars, null as a dash", () => {
    const html = renderReportHtml(reportFixtures.visibility_summary);
    expect(html).toContain(">30.0%<");
    expect(html).toContain(">$12.35<");
    expect(html).toContain(">$0.004321<");
    expect(html).toContain(">–<");
    expect(ACCENTED).toContain("l·l");
  });
});

describe("the HTML of unusual documents", () => {
  it("renders empty sections, empty tables and charts without data", async () => {
    const doc = degenerateDocument();
    const opened = await open(doc, "edge-cases");
    expect(opened.console).toEqual([]);
    expect(opened.charts).toHaveLength(4);
    expect(opened.bodyText).toContain("No rows.");
    expect(opened.bodyText).toContain("-$0.50");
  });

  it("prints each section after the first on a new page, repeating table headers", async () => {
    const page = await browser.newPage();
    await page.setContent(renderReportHtml(reportFixtures.prompt_detail), { waitUntil: "load" });
    await page.emulateMedia({ media: "print" });
    const styles = await page.evaluate(() => {
      const g = globalThis as unknown as { document: any; getComputedStyle: (el: unknown) => any };
      return {
        first: g.getComputedStyle(g.document.querySelector(".report-section")).breakBefore,
        next: g.getComputedStyle(g.document.querySelectorAll(".report-section")[1]).breakBefore,
        thead: g.getComputedStyle(g.document.querySelector("thead")).display,
      };
    });
    expect(styles).toEqual({ first: "auto", next: "page", thead: "table-header-group" });
    const pdf = await page.pdf({ format: "A4" });
    expect(pdf.length).toBeGreaterThan(10_000);
    await page.close();
  });
});

describe("the page's Content-Security-Policy", () => {
  it("blocks scripts, handlers and loads even if markup got in unescaped", async () => {
    const html = renderReportHtml(reportFixtures.recommendations_digest).replace(
      "</main>",
      `<script>alert(1)</script><img src="https://example.com/x.png" onerror="alert(2)"><p style="color:red">styled</p></main>`,
    );
    const page = await browser.newPage();
    const violations: string[] = [];
    let dialogs = 0;
    const requests: string[] = [];
    page.on("console", (m) => violations.push(m.text()));
    page.on("dialog", async (d) => {
      dialogs += 1;
      await d.dismiss();
    });
    // Chromium reports the blocked request, then its failure: nothing may get a response.
    page.on("response", (r) => {
      if (r.url().startsWith("http")) requests.push(r.url());
    });
    await page.setContent(html, { waitUntil: "load" });
    await page.close();
    expect(dialogs).toBe(0);
    expect(requests).toEqual([]);
    const blocked = (what: string) =>
      violations.some((v) => v.startsWith(what) && v.includes("has been blocked"));
    expect(blocked("Executing inline script")).toBe(true);
    expect(blocked("Executing inline event handler")).toBe(true);
    expect(blocked("Applying inline style")).toBe(true);
    expect(blocked("Loading the image 'https://example.com/x.png'")).toBe(true);
  });
});
