import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { gp, type Schemas } from "../api";
import { Empty, ErrorNote, Loading } from "../components/states";
import { formatDate } from "../format";
import { take, useSlug } from "../hooks";
import { formatLabels, triggerLabels } from "../report-labels";
import { ReportSchedulePanel } from "./report-schedule";

type ReportType = Schemas["ReportType"];
type CatalogEntry = Schemas["ReportCatalogEntry"];

export const reportKeys = {
  catalog: (slug: string) => ["report-catalog", slug] as const,
  list: (slug: string) => ["reports", slug] as const,
  report: (slug: string, id: string) => ["reports", slug, "detail", id] as const,
  schedule: (slug: string) => ["report-schedule", slug] as const,
  shareLinks: (slug: string, id: string) => ["reports", slug, "share-links", id] as const,
};

export function useReportCatalog(slug: string) {
  return useQuery({ queryKey: reportKeys.catalog(slug), queryFn: () => gp.reports.catalog(slug) });
}

/** "2026-03-01 – 2026-03-07" in the reader's locale. */
export function periodText(period: Schemas["ReportPeriod"]): string {
  return `${formatDate(period.from)} – ${formatDate(period.to)}`;
}

/** The generated reports, the schedule that makes them, and what each type contains. */
export default function Reports() {
  const slug = useSlug();
  const [type, setType] = useState<ReportType | "">("");
  const catalog = useReportCatalog(slug);
  const list = useQuery({
    queryKey: [...reportKeys.list(slug), type],
    queryFn: () => take(gp.reports.list(slug, { limit: 50, ...(type ? { type } : {}) }), 50),
    // Reports appear when the system generates them (after scheduled runs, on the schedule).
    refetchInterval: 30_000,
  });
  const titles = new Map(catalog.data?.data.map((e) => [e.type, e.title]));

  return (
    <section aria-labelledby="reports-title">
      <h1 id="reports-title">Reports</h1>
      <p className="muted">
        GEO Pulse generates reports after each scheduled run (the 7 days ending on the run's day)
        and on the report schedule below; a report never changes once generated.
      </p>
      <article className="panel" aria-labelledby="reports-list-title">
        <h2 id="reports-list-title">Generated reports</h2>
        <label>
          Type{" "}
          <select value={type} onChange={(e) => setType(e.target.value as ReportType | "")}>
            <option value="">Any type</option>
            {catalog.data?.data.map((e) => (
              <option key={e.type} value={e.type}>
                {e.title}
              </option>
            ))}
          </select>
        </label>
        {list.isPending && <Loading what="reports" />}
        <ErrorNote error={list.error} action="Reports" />
        {list.data?.length === 0 && (
          <Empty>
            {type
              ? "No report of this type yet: choose another type, or wait for the next scheduled one."
              : "No reports yet: set a report schedule below, or schedule runs on the Runs page (a report follows each scheduled run)."}
          </Empty>
        )}
        {list.data && list.data.length > 0 && (
          <div className="scroll">
            <table className="stack">
              <thead>
                <tr>
                  <th scope="col">Report</th>
                  <th scope="col">Type</th>
                  <th scope="col">Period</th>
                  <th scope="col">Made by</th>
                  <th scope="col">Generated</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((r) => (
                  <tr key={r.id}>
                    <td data-label="Report">
                      <Link to={`/w/${slug}/reports/${r.id}`}>{r.title}</Link>
                    </td>
                    <td data-label="Type">{titles.get(r.type) ?? r.type}</td>
                    <td data-label="Period">{periodText(r.period)}</td>
                    <td data-label="Made by">{triggerLabels[r.trigger]}</td>
                    <td data-label="Generated">{formatDate(r.generatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </article>
      <ReportSchedulePanel slug={slug} catalog={catalog.data?.data ?? []} />
      <article className="panel" aria-labelledby="catalog-title">
        <h2 id="catalog-title">Report types</h2>
        {catalog.isPending && <Loading what="the report types" />}
        <ErrorNote error={catalog.error} action="Report types" />
        {catalog.data?.data.map((entry) => (
          <CatalogEntryView key={entry.type} entry={entry} />
        ))}
      </article>
    </section>
  );
}

function CatalogEntryView({ entry }: { entry: CatalogEntry }) {
  return (
    <details className="catalog-entry">
      <summary>{entry.title}</summary>
      <p>{entry.description}</p>
      <p>
        Formats: {entry.formats.map((f) => formatLabels[f]).join(", ")}. Sections:{" "}
        {entry.sections.map((s) => s.title).join(", ")}.
      </p>
      {entry.parameters.length > 0 && (
        <>
          <h3>Parameters</h3>
          <ul>
            {entry.parameters.map((p) => (
              <li key={p.name}>
                <code>{p.name}</code> ({p.type}): {p.description}
                {p.default !== null && ` Default: ${String(p.default)}.`}
                {p.allowedValues && ` One of: ${p.allowedValues.map(String).join(", ")}.`}
              </li>
            ))}
          </ul>
        </>
      )}
    </details>
  );
}
