import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { gp, type Schemas } from "../api";
import { Empty, ErrorNote, Loading } from "../components/states";
import type { Surface } from "../components/surface-select";
import { formatCount, formatNumber } from "../format";
import { citingAnswersLink, isWebUrl, latestRunAnswersLink, taxonomyLabel } from "../sources-logic";

/**
 * One domain of the Sources view: the prompts whose answers cite it, its cited URLs, and the
 * prompts whose answers read it without citing it.
 */
export function SourceDetail({
  slug,
  domain,
  period,
  surface,
  onClose,
}: {
  slug: string;
  domain: string;
  period: { from: string; to: string };
  /** Only the answers of this surface; every surface when absent. */
  surface: Surface | undefined;
  onClose: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const source = useQuery({
    queryKey: ["source", slug, domain, period.from, period.to, surface],
    queryFn: () =>
      gp.sources.get(slug, domain, { ...period, limit: 25, ...(surface ? { surface } : {}) }),
  });
  // Selecting a domain moves the focus to its panel, so keyboard users land on what opened.
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <article className="panel source-detail" aria-labelledby="source-title">
      <h2 id="source-title" ref={heading} tabIndex={-1}>
        Who cites {domain}
      </h2>
      <p>
        <button type="button" className="link" onClick={onClose}>
          Close
        </button>
      </p>
      {source.isPending && <Loading what={`the prompts citing ${domain}`} />}
      <ErrorNote error={source.error} action={domain} />
      {source.data &&
        (source.data.prompts.length === 0 ? (
          <Empty>
            No answer cited {domain} in this period: choose a longer period, or pick another domain.
          </Empty>
        ) : (
          <>
            <p>{taxonomyLabel(source.data.taxonomy)}. The prompts whose answers cite it:</p>
            <PromptTable
              prompts={source.data.prompts}
              caption={`Prompts citing ${domain}`}
              countLabel="Citing answers"
              link={(p) => ({
                to: citingAnswersLink(slug, { prompt: p.promptId, domain }, period, surface),
                text: `Open ${formatCount(p.count, "answer")} citing it`,
              })}
            />
            <h3>Its cited URLs</h3>
            <CitedUrlTable
              urls={source.data.urls}
              caption={`URLs of ${domain}`}
              answersOf={(url) => citingAnswersLink(slug, { url }, period, surface)}
            />
          </>
        ))}
      {source.data && source.data.usedBy.length > 0 && (
        <>
          <h3>Read without citing it</h3>
          <p>The prompts whose answers' searches read a page of {domain} and did not cite it:</p>
          <PromptTable
            prompts={source.data.usedBy}
            caption={`Prompts reading ${domain} without citing it`}
            countLabel="Answers reading it"
            link={(p) => ({
              to: latestRunAnswersLink(slug, p, surface),
              text: "Read the latest run's answers",
            })}
          />
        </>
      )}
    </article>
  );
}

/** Prompts with a count of their answers, each linked to where those answers are read. */
function PromptTable({
  prompts,
  caption,
  countLabel,
  link,
}: {
  prompts: Schemas["CitedSource"]["prompts"];
  caption: string;
  countLabel: string;
  /** Where a prompt's answers are read, and the link's words. */
  link: (prompt: Schemas["CitedSource"]["prompts"][number]) => { to: string; text: string };
}) {
  return (
    <div className="scroll">
      <table className="stack">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Prompt</th>
            <th scope="col">{countLabel}</th>
            <th scope="col">Answers</th>
          </tr>
        </thead>
        <tbody>
          {prompts.map((p) => {
            const { to, text } = link(p);
            return (
              <tr key={p.promptId}>
                <td data-label="Prompt">{p.text}</td>
                <td data-label={countLabel}>{formatNumber(p.count)}</td>
                <td data-label="Answers">
                  <Link to={to}>{text}</Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Cited URLs; only http(s) addresses become links, and every text stays text (never HTML). */
export function CitedUrlTable({
  urls,
  caption,
  withDomain = false,
  answersOf,
}: {
  urls: Schemas["CitedUrl"][];
  caption: string;
  withDomain?: boolean;
  /** Where a URL's citing answers are read (its count links there). */
  answersOf: (url: string) => string;
}) {
  return (
    <div className="scroll">
      <table className="stack">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">URL</th>
            {withDomain && <th scope="col">Domain</th>}
            {withDomain && <th scope="col">Class</th>}
            <th scope="col">Citing answers</th>
          </tr>
        </thead>
        <tbody>
          {urls.map((u) => (
            <tr key={u.url}>
              <td data-label="URL" className="url-cell">
                {isWebUrl(u.url) ? (
                  <a href={u.url} rel="noopener noreferrer" target="_blank">
                    {u.url}
                  </a>
                ) : (
                  <span>{u.url}</span>
                )}
              </td>
              {withDomain && <td data-label="Domain">{u.domain ?? "—"}</td>}
              {withDomain && <td data-label="Class">{taxonomyLabel(u.taxonomy)}</td>}
              <td data-label="Citing answers">
                <Link
                  to={answersOf(u.url)}
                  aria-label={`${formatNumber(u.count)}: open the answers citing ${u.url}`}
                >
                  {formatNumber(u.count)}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
