import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { gp, type Schemas } from "../api";
import { ReportChart } from "../components/charts";
import { ErrorNote, Loading } from "../components/states";
import { formatDate } from "../format";
import { useSlug } from "../hooks";
import {
  type DownloadChoice,
  downloadChoices,
  formatCell,
  isNumericColumn,
  type ReportTableSpec,
  webLink,
} from "../report-document";
import { triggerLabels } from "../report-labels";
import { ReportShareLinks } from "./report-share-links";
import { periodText, reportKeys, useReportCatalog } from "./reports";

type Section = Schemas["ReportDocument"]["sections"][number];
type Figure = Schemas["ReportFigure"];

/** One report: its headline figures, each section (chart and table), downloads, share links. */
export default function ReportDetail() {
  const slug = useSlug();
  const { reportId = "" } = useParams();
  const report = useQuery({
    queryKey: reportKeys.report(slug, reportId),
    queryFn: () => gp.reports.get(slug, reportId, { format: "json" }),
  });
  const catalog = useReportCatalog(slug);

  if (report.isPending) return <Loading what="the report" />;
  if (report.isError)
    return (
      <section>
        <p>
          <Link to={`/w/${slug}/reports`}>← All reports</Link>
        </p>
        <ErrorNote error={report.error} action="Report" />
      </section>
    );
  const { document } = report.data;
  const formats = catalog.data?.data.find((e) => e.type === report.data.type)?.formats ?? [];
  return (
    <section aria-labelledby="report-title">
      <p>
        <Link to={`/w/${slug}/reports`}>← All reports</Link>
      </p>
      <h1 id="report-title">{report.data.title}</h1>
      <p className="muted">
        {periodText(report.data.period)} · {triggerLabels[report.data.trigger]} · generated{" "}
        {formatDate(report.data.generatedAt)}
      </p>
      {document.summary.length > 0 && (
        <article className="panel" aria-labelledby="report-summary-title">
          <h2 id="report-summary-title">Summary</h2>
          <Figures figures={document.summary} />
        </article>
      )}
      <Downloads
        slug={slug}
        reportId={reportId}
        formats={formats}
        sections={report.data.sections}
      />
      {document.sections.map((section) => (
        <SectionView key={section.id} section={section} />
      ))}
      <ReportShareLinks slug={slug} reportId={reportId} />
    </section>
  );
}

function Figures({ figures }: { figures: Figure[] }) {
  return (
    <dl className="figures">
      {figures.map((f) => (
        <div key={f.label}>
          <dt>{f.label}</dt>
          <dd>
            <strong>{f.value}</strong>
            {f.detail && <small className="muted"> {f.detail}</small>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function SectionView({ section }: { section: Section }) {
  const titleId = `section-${section.id}`;
  return (
    <article className="panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{section.title}</h2>
      {section.description && <p>{section.description}</p>}
      {section.figures && section.figures.length > 0 && <Figures figures={section.figures} />}
      {section.chart && section.chart.x.length > 0 && <ReportChart chart={section.chart} />}
      {section.table && section.table.rows.length > 0 && (
        <ReportTable table={section.table} caption={section.title} />
      )}
      {section.notes?.map((note) => (
        <p key={note} className="muted">
          {note}
        </p>
      ))}
    </article>
  );
}

/** A section's table; on a phone each row stacks with its column names (data-label). */
export function ReportTable({ table, caption }: { table: ReportTableSpec; caption: string }) {
  return (
    <div className="scroll">
      <table className="stack">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c.key} scope="col" className={isNumericColumn(c) ? "num" : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            // Rows have no id; their order is the report's and never changes.
            <tr key={i}>
              {table.columns.map((c) => {
                const link = c.type === "url" ? webLink(row[c.key]) : null;
                const text = formatCell(row[c.key], c.type);
                return (
                  <td
                    key={c.key}
                    data-label={c.label}
                    className={isNumericColumn(c) ? "num" : undefined}
                  >
                    {link ? (
                      <a href={link} rel="noopener noreferrer nofollow" target="_blank">
                        {text}
                      </a>
                    ) : (
                      text
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Each format the report type offers (CSV once per section with a table), through the SDK. */
function Downloads({
  slug,
  reportId,
  formats,
  sections,
}: {
  slug: string;
  reportId: string;
  formats: Schemas["ReportFormat"][];
  sections: Schemas["ReportSectionInfo"][];
}) {
  const download = useMutation({
    mutationFn: async ({ format, section }: DownloadChoice) => {
      const file = await gp.reports.download(slug, reportId, {
        format,
        ...(section ? { section } : {}),
      });
      // The SDK's bytes may sit on any buffer; Blob wants a plain ArrayBuffer view.
      const bytes = new Uint8Array(file.bytes);
      const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
      const anchor = document.createElement("a");
      anchor.href = url;
      anchor.download = file.filename ?? `report.${format}`;
      anchor.click();
      // Some browsers start the download after click() returns: release the blob later.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
  });
  const choices = downloadChoices(formats, sections);
  if (choices.length === 0) return null;
  return (
    <article className="panel" aria-labelledby="downloads-title">
      <h2 id="downloads-title">Download</h2>
      <div className="actions wrap">
        {choices.map((choice) => (
          <button
            key={choice.label}
            type="button"
            disabled={download.isPending}
            onClick={() => download.mutate(choice)}
          >
            {choice.label}
          </button>
        ))}
      </div>
      <ErrorNote error={download.error} action="Could not download the report" />
    </article>
  );
}
