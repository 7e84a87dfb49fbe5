import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { gp, type Schemas } from "../api";
import { Empty, ErrorNote, Loading } from "../components/states";
import { type Surface, SurfaceSelect, useSurfaceParam } from "../components/surface-select";
import { formatDate, formatNumber, isoDay } from "../format";
import { useSlug } from "../hooks";
import {
  changeLabel,
  citingAnswersLink,
  PERIOD_CHOICES,
  periodDaysOf,
  periodEnding,
  taxonomyLabel,
} from "../sources-logic";
import { CitedUrlTable, SourceDetail } from "./source-detail";

type CitedDomain = Schemas["CitedDomain"];

/**
 * The sources the engines cite over a period (7, 28 or 90 days ending today, `?days=`): the
 * top domains with their class and the change against the previous period, the top URLs, the
 * new and lost domains, and for a selected domain (`?domain=`) the prompts citing it.
 */
export default function Sources() {
  const slug = useSlug();
  const [params, setParams] = useSearchParams();
  const days = periodDaysOf(params.get("days"));
  const selected = params.get("domain");
  const period = periodEnding(isoDay(new Date()), days);
  const [surface, chooseSurface] = useSurfaceParam();
  const sources = useQuery({
    queryKey: ["sources", slug, period.from, period.to, surface],
    queryFn: () => gp.sources.list(slug, { ...period, limit: 25, ...(surface ? { surface } : {}) }),
  });
  const choose = (next: Record<string, string | null>) => {
    const updated = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) updated.delete(key);
      else updated.set(key, value);
    }
    setParams(updated);
  };

  return (
    <section aria-labelledby="sources-title">
      <h1 id="sources-title">Sources</h1>
      <fieldset className="inline">
        <legend>Period</legend>
        {PERIOD_CHOICES.map((n) => (
          <label key={n} className="check">
            <input
              type="radio"
              name="period"
              value={n}
              checked={days === n}
              onChange={() => choose({ days: String(n) })}
            />
            Last {n} days
          </label>
        ))}
      </fieldset>
      <SurfaceSelect value={surface} onChange={chooseSurface} />
      {sources.isPending && <Loading what="the cited sources" />}
      <ErrorNote error={sources.error} action="Sources" />
      {sources.data && (
        <SourcesBody
          slug={slug}
          surface={surface}
          data={sources.data}
          selected={selected}
          onSelect={(domain) => choose({ domain })}
        />
      )}
    </section>
  );
}

function SourcesBody({
  slug,
  data,
  selected,
  onSelect,
  surface,
}: {
  slug: string;
  surface: Surface | undefined;
  data: Schemas["CitedSources"];
  selected: string | null;
  onSelect: (domain: string | null) => void;
}) {
  const { period, previousPeriod: before, totals } = data;
  const range = (p: { from: string; to: string }) => `${formatDate(p.from)} to ${formatDate(p.to)}`;
  return (
    <>
      <p>
        {range(period)}
        {before
          ? `, compared with ${range(before)}`
          : " (no previous period: it would start before 1 January 2000)"}
        : {formatNumber(totals.domains)} domains cited, {formatNumber(totals.newDomains)} new,{" "}
        {formatNumber(totals.lostDomains)} lost, {formatNumber(totals.usedDomains)} read without
        being cited. Counts are answers citing a domain (once per answer and day).
      </p>
      {selected && (
        <SourceDetail
          // Another domain mounts the panel again, so focus moves to it as on the first.
          key={selected}
          slug={slug}
          domain={selected}
          period={period}
          surface={surface}
          onClose={() => onSelect(null)}
        />
      )}
      <article className="panel" aria-labelledby="domains-title">
        <h2 id="domains-title">Top cited domains</h2>
        {data.domains.length === 0 ? (
          <Empty>
            No answers measured in this period: <Link to={`/w/${slug}/runs`}>start a run</Link>, or
            choose a longer period.
          </Empty>
        ) : (
          <DomainTable
            domains={data.domains}
            columns={citedColumns}
            onSelect={onSelect}
            caption="Top cited domains"
          />
        )}
      </article>
      <article className="panel" aria-labelledby="urls-title">
        <h2 id="urls-title">Top cited URLs</h2>
        {data.urls.length === 0 ? (
          <Empty>No cited pages in this period.</Empty>
        ) : (
          <CitedUrlTable
            urls={data.urls}
            caption="Top cited URLs"
            withDomain
            answersOf={(url) => citingAnswersLink(slug, { url }, period, surface)}
          />
        )}
      </article>
      <article className="panel" aria-labelledby="used-title">
        <h2 id="used-title">Read but not cited</h2>
        <p className="hint">
          Domains whose pages the engines' searches read for an answer without citing them (OpenAI,
          Claude and Perplexity report what they read): where an engine takes information without
          naming the source.
        </p>
        {data.usedDomains.length === 0 ? (
          <Empty>No answer of this period read a page without citing it.</Empty>
        ) : (
          <DomainTable
            domains={data.usedDomains}
            columns={usedColumns}
            onSelect={onSelect}
            caption="Domains read but not cited"
          />
        )}
      </article>
      <div className="sources-changes">
        <article className="panel" aria-labelledby="new-title">
          <h2 id="new-title">New domains</h2>
          {data.newDomains.length === 0 ? (
            <Empty>No domain cited now that was not cited in the previous period.</Empty>
          ) : (
            <DomainTable
              domains={data.newDomains}
              columns={citedColumns}
              onSelect={onSelect}
              caption="New domains"
            />
          )}
        </article>
        <article className="panel" aria-labelledby="lost-title">
          <h2 id="lost-title">Lost domains</h2>
          {data.lostDomains.length === 0 ? (
            <Empty>No domain lost: every domain of the previous period is still cited.</Empty>
          ) : (
            <DomainTable
              domains={data.lostDomains}
              columns={citedColumns}
              onSelect={onSelect}
              caption="Lost domains"
            />
          )}
        </article>
      </div>
    </>
  );
}

/** A column of a domain table: its heading (also each cell's label when stacked) and value. */
interface DomainColumn<T> {
  label: string;
  value: (row: T) => string;
}

const citedColumns: DomainColumn<CitedDomain>[] = [
  { label: "Citing answers", value: (d) => formatNumber(d.count) },
  { label: "Previous period", value: (d) => formatNumber(d.previous) },
  { label: "Change", value: changeLabel },
  { label: "Read, not cited", value: (d) => formatNumber(d.used) },
];

const usedColumns: DomainColumn<Schemas["UsedDomain"]>[] = [
  { label: "Answers reading it, not citing it", value: (d) => formatNumber(d.used) },
  { label: "Citing answers", value: (d) => formatNumber(d.cited) },
];

/** Domains with their class, then `columns`; each domain opens its detail. */
function DomainTable<T extends { domain: string; taxonomy: string }>({
  domains,
  columns,
  onSelect,
  caption,
}: {
  domains: T[];
  columns: DomainColumn<T>[];
  onSelect: (domain: string) => void;
  caption: string;
}) {
  return (
    <div className="scroll">
      <table className="stack">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Domain</th>
            <th scope="col">Class</th>
            {columns.map((c) => (
              <th key={c.label} scope="col">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {domains.map((d) => (
            <tr key={d.domain}>
              <td data-label="Domain">
                <button
                  type="button"
                  className="link"
                  onClick={() => onSelect(d.domain)}
                  aria-label={`${d.domain}: show the prompts citing or reading it`}
                >
                  {d.domain}
                </button>
              </td>
              <td data-label="Class">{taxonomyLabel(d.taxonomy)}</td>
              {columns.map((c) => (
                <td key={c.label} data-label={c.label}>
                  {c.value(d)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
