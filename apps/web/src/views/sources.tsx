import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { gp, type Schemas } from "../api";
import { Empty, ErrorNote, Loading } from "../components/states";
import { formatDate, formatNumber, isoDay } from "../format";
import { useSlug } from "../hooks";
import {
  changeLabel,
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
  const sources = useQuery({
    queryKey: ["sources", slug, period.from, period.to],
    queryFn: () => gp.sources.list(slug, { ...period, limit: 25 }),
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
      {sources.isPending && <Loading what="the cited sources" />}
      <ErrorNote error={sources.error} action="Sources" />
      {sources.data && (
        <SourcesBody
          slug={slug}
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
}: {
  slug: string;
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
          <DomainTable domains={data.domains} onSelect={onSelect} caption="Top cited domains" />
        )}
      </article>
      <article className="panel" aria-labelledby="urls-title">
        <h2 id="urls-title">Top cited URLs</h2>
        {data.urls.length === 0 ? (
          <Empty>No cited pages in this period.</Empty>
        ) : (
          <CitedUrlTable urls={data.urls} caption="Top cited URLs" withDomain />
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
          <UsedDomainTable domains={data.usedDomains} onSelect={onSelect} />
        )}
      </article>
      <div className="sources-changes">
        <article className="panel" aria-labelledby="new-title">
          <h2 id="new-title">New domains</h2>
          {data.newDomains.length === 0 ? (
            <Empty>No domain cited now that was not cited in the previous period.</Empty>
          ) : (
            <DomainTable domains={data.newDomains} onSelect={onSelect} caption="New domains" />
          )}
        </article>
        <article className="panel" aria-labelledby="lost-title">
          <h2 id="lost-title">Lost domains</h2>
          {data.lostDomains.length === 0 ? (
            <Empty>No domain lost: every domain of the previous period is still cited.</Empty>
          ) : (
            <DomainTable domains={data.lostDomains} onSelect={onSelect} caption="Lost domains" />
          )}
        </article>
      </div>
    </>
  );
}

function DomainTable({
  domains,
  onSelect,
  caption,
}: {
  domains: CitedDomain[];
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
            <th scope="col">Citing answers</th>
            <th scope="col">Previous period</th>
            <th scope="col">Change</th>
            <th scope="col">Read, not cited</th>
          </tr>
        </thead>
        <tbody>
          {domains.map((d) => (
            <tr key={d.domain}>
              <td data-label="Domain">
                <DomainButton domain={d.domain} onSelect={onSelect} />
              </td>
              <td data-label="Class">{taxonomyLabel(d.taxonomy)}</td>
              <td data-label="Citing answers">{formatNumber(d.count)}</td>
              <td data-label="Previous period">{formatNumber(d.previous)}</td>
              <td data-label="Change">{changeLabel(d)}</td>
              <td data-label="Read, not cited">{formatNumber(d.used)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DomainButton({ domain, onSelect }: { domain: string; onSelect: (d: string) => void }) {
  return (
    <button
      type="button"
      className="link"
      onClick={() => onSelect(domain)}
      aria-label={`${domain}: show the prompts citing or reading it`}
    >
      {domain}
    </button>
  );
}

function UsedDomainTable({
  domains,
  onSelect,
}: {
  domains: Schemas["UsedDomain"][];
  onSelect: (domain: string) => void;
}) {
  return (
    <div className="scroll">
      <table className="stack">
        <caption className="visually-hidden">Domains read but not cited</caption>
        <thead>
          <tr>
            <th scope="col">Domain</th>
            <th scope="col">Class</th>
            <th scope="col">Answers reading it, not citing it</th>
            <th scope="col">Citing answers</th>
          </tr>
        </thead>
        <tbody>
          {domains.map((d) => (
            <tr key={d.domain}>
              <td data-label="Domain">
                <DomainButton domain={d.domain} onSelect={onSelect} />
              </td>
              <td data-label="Class">{taxonomyLabel(d.taxonomy)}</td>
              <td data-label="Answers reading it, not citing it">{formatNumber(d.used)}</td>
              <td data-label="Citing answers">{formatNumber(d.cited)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
