import { createHash } from "node:crypto";

/**
 * The one stylesheet of a report page, inline. The page's Content-Security-Policy allows this
 * exact stylesheet by its hash and nothing else (no scripts, no style attributes, no loads).
 */
export const REPORT_CSS = `
:root { color-scheme: light; --ink: #1d232b; --muted: #5b6470; --line: #d9dee4; --soft: #f4f6f8; --accent: #0a5f9e; }
* { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body { margin: 0; color: var(--ink); background: #ffffff; font: 15px/1.5 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif; }
.page { max-width: 1040px; margin: 0 auto; padding: 32px 28px 48px; }
.report-head { border-bottom: 3px solid var(--ink); padding-bottom: 16px; margin-bottom: 24px; }
.kicker { margin: 0; text-transform: uppercase; letter-spacing: .08em; font-size: 12px; color: var(--muted); }
h1 { font-size: 28px; line-height: 1.2; margin: 4px 0 6px; overflow-wrap: anywhere; }
h2 { font-size: 21px; margin: 0 0 6px; overflow-wrap: anywhere; }
.brand { margin: 0 0 12px; font-size: 16px; overflow-wrap: anywhere; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 0; font-size: 13px; }
.facts dt { color: var(--muted); }
.facts dd { margin: 0; overflow-wrap: anywhere; }
.figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 12px; margin: 0 0 20px; padding: 0; list-style: none; }
.figure { border: 1px solid var(--line); border-left: 4px solid var(--accent); border-radius: 4px; padding: 10px 12px; background: var(--soft); break-inside: avoid; }
.figure .label { font-size: 12px; color: var(--muted); overflow-wrap: anywhere; }
.figure .value { font-size: 22px; font-weight: 650; line-height: 1.25; overflow-wrap: anywhere; }
.figure .detail { font-size: 12px; color: var(--muted); overflow-wrap: anywhere; }
.toc { margin: 0 0 28px; font-size: 14px; }
.toc ol { margin: 4px 0 0; padding-left: 22px; columns: 2; }
.toc a { color: var(--accent); }
.report-section { margin: 0 0 40px; }
.description { margin: 0 0 14px; color: var(--muted); overflow-wrap: anywhere; }
.chart { margin: 0 0 18px; break-inside: avoid; }
.chart svg { display: block; width: 100%; max-width: 720px; height: auto; }
.chart figcaption { font-size: 12px; color: var(--muted); margin-top: 4px; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: 13px; }
caption { text-align: left; font-size: 12px; color: var(--muted); padding-bottom: 4px; }
th, td { border-bottom: 1px solid var(--line); padding: 5px 8px; text-align: left; vertical-align: top; }
th { background: var(--soft); font-weight: 600; border-bottom: 2px solid #aab2bc; white-space: nowrap; }
td { overflow-wrap: anywhere; }
td.text { min-width: 14ch; max-width: 60ch; }
td.url { max-width: 46ch; word-break: break-all; }
.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.date { white-space: nowrap; }
tbody tr:nth-child(even) td { background: #fafbfc; }
td a { color: var(--accent); }
.notes { margin: 12px 0 0; padding-left: 20px; font-size: 13px; color: var(--muted); }
.notes li { overflow-wrap: anywhere; }
.empty { color: var(--muted); font-style: italic; }
.foot { margin-top: 40px; padding-top: 10px; border-top: 1px solid var(--line); font-size: 12px; color: var(--muted); }
@page { size: A4; margin: 14mm 12mm 16mm; }
@media print {
  body { font-size: 10pt; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .page { max-width: none; padding: 0; }
  .toc { display: none; }
  .report-section { margin: 0 0 24px; }
  .report-section + .report-section { break-before: page; margin: 0; }
  h2, .description { break-after: avoid; }
  .figures { grid-template-columns: repeat(3, 1fr); }
  .table-wrap { overflow: visible; }
  table { font-size: 8.5pt; }
  thead { display: table-header-group; }
  tr, .figure, .chart { break-inside: avoid; }
  td a { color: inherit; text-decoration: none; }
  .chart svg { max-width: 100%; }
}
`;

export const REPORT_CSS_HASH = `sha256-${createHash("sha256").update(REPORT_CSS).digest("base64")}`;

export const REPORT_CSP = [
  "default-src 'none'",
  `style-src '${REPORT_CSS_HASH}'`,
  "img-src data:",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");
