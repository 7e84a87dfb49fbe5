import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { pdfText } from "../../src/reports/render/pdf-text.js";
import { renderReportPdf } from "../../src/reports/render/render-report-pdf.js";
import type { ReportDocument } from "../../src/reports/report-document.js";
import { parsePdf as parse } from "./parse-pdf.js";
import {
  BEYOND_LATIN1,
  degenerateDocument,
  HOSTILE_SCRIPT,
  PROMPT_ROWS,
  reportFixtures,
} from "./render-fixtures.js";

/**
 * Each report type's PDF, parsed back with pdf.js (Mozilla's parser): it opens, its pages hold
 * the title, the figures, the tables' text with accents intact; the long prompt table spans
 * pages with its header on each.
 */
const squash = (text: string): string => text.replace(/\s+/g, " ");

describe("the PDF report", () => {
  for (const [type, doc] of Object.entries(reportFixtures) as Array<[string, ReportDocument]>) {
    it(`renders ${type}: title, figures, sections, table text`, async () => {
      const pdf = await renderReportPdf(doc);
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const parsed = await parse(pdf);
      const all = squash(parsed.pages.join("\n"));
      expect(parsed.title).toBe(pdfText(doc.title));
      expect(all).toContain(squash(pdfText(doc.title)));
      expect(all).toContain("Fàbrica Col·lectiva");
      for (const figure of doc.summary) {
        expect(all).toContain(squash(pdfText(figure.label)));
        expect(all).toContain(squash(pdfText(figure.value)));
      }
      for (const section of doc.sections) expect(all).toContain(squash(pdfText(section.title)));
      expect(parsed.pages.at(-1)).toContain(
        `Page ${parsed.pages.length} of ${parsed.pages.length}`,
      );
    });
  }

  it("paginates the 300-row prompt table with its header on every page", async () => {
    const doc = reportFixtures.prompt_detail;
    const parsed = await parse(await renderReportPdf(doc));
    expect(parsed.pages.length).toBeGreaterThan(5);
    const tablePages = parsed.pages.filter((page) => /#\d+ /.test(page));
    expect(tablePages.length).toBeGreaterThan(3);
    for (const page of tablePages) {
      expect(page).toContain("Prompt");
      expect(page).toContain("Last seen");
    }
    const all = squash(parsed.pages.join("\n"));
    expect(all).toContain(`#${PROMPT_ROWS} `);
    // Accented prompts read back as they were written.
    expect(all).toContain(
      "Quina és la millor cooperativa de disseny a Barcelona per a col·lectius",
    );
    expect(all).toContain("¿Qué marca de muebles sostenibles recomiendas en España");
    expect(all).toContain("Quelle est la meilleure fabrique de meubles éco-responsables");
    expect(all).toContain(HOSTILE_SCRIPT);
  });

  it("replaces what Helvetica cannot draw instead of failing", async () => {
    expect(pdfText(BEYOND_LATIN1)).toBe("Lódz ?? ?");
    expect(pdfText("l·l ç ñ é € “quoted” – — …")).toBe("l·l ç ñ é € “quoted” – — …");
    const parsed = await parse(await renderReportPdf(reportFixtures.prompt_detail));
    expect(squash(parsed.pages.join("\n"))).toContain("Where do people in Lódz ?? ? buy");
  });

  it("gives the same bytes for the same document", async () => {
    const doc = reportFixtures.recommendations_digest;
    const [a, b] = await Promise.all([renderReportPdf(doc), renderReportPdf(doc)]);
    expect(a.equals(b)).toBe(true);
  });
});

describe("the PDF of unusual documents", () => {
  it("renders empty sections, empty tables and charts without data", async () => {
    const doc = degenerateDocument();
    const parsed = await parse(await renderReportPdf(doc));
    const all = squash(parsed.pages.join("\n"));
    expect(all).toContain("No rows.");
    expect(all).toContain("Nothing measured");
    expect(all).toContain("One point");
  });

  it("lists the sections as bookmarks", async () => {
    const doc = reportFixtures.visibility_summary;
    const task = getDocument({ data: new Uint8Array(await renderReportPdf(doc)), verbosity: 0 });
    const loaded = await task.promise;
    const outline = (await loaded.getOutline()) ?? [];
    await task.destroy();
    expect(outline.map((item) => item.title)).toEqual(doc.sections.map((s) => pdfText(s.title)));
  });
});
