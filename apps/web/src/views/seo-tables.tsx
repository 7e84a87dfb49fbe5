import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { gp, type Schemas } from "../api";
import { Empty, ErrorNote, Loading } from "../components/states";
import { formatNumber, formatShare } from "../format";
import { keys } from "../hooks";

interface Range {
  from: string;
  to: string;
}

/** The landing pages AI engines send sessions to, beside how many stored answers cite them. */
export function LandingPagesTable({ slug, range }: { slug: string; range: Range }) {
  const pages = useQuery({
    queryKey: ["seo-landing-pages", slug, range],
    queryFn: () => gp.seo.getLandingPages(slug, range),
  });
  return (
    <article className="panel" aria-labelledby="landing-title">
      <h2 id="landing-title">Landing pages from AI engines</h2>
      {pages.isPending ? (
        <Loading what="the landing pages" />
      ) : pages.isError ? (
        <ErrorNote error={pages.error} action="Landing pages" />
      ) : pages.data.pages.length === 0 ? (
        <Empty>No AI referral landing pages in this range: refresh now to pull GA4.</Empty>
      ) : (
        <>
          <p>
            Cited and visited side by side, over {formatNumber(pages.data.answers)} stored answers;
            any link between them is modelled, not measured.
          </p>
          <div className="scroll">
            <table className="stack">
              <thead>
                <tr>
                  <th scope="col">Landing page</th>
                  <th scope="col">AI sessions</th>
                  <th scope="col">By engine</th>
                  <th scope="col">Answers citing it</th>
                  <th scope="col">Answers citing the domain</th>
                </tr>
              </thead>
              <tbody>
                {pages.data.pages.map((p) => (
                  <tr key={p.landingPage}>
                    <td data-label="Landing page">{p.url ?? p.landingPage}</td>
                    <td data-label="AI sessions">{formatNumber(p.sessions)}</td>
                    <td data-label="By engine">
                      {p.sessionsByEngine
                        .map((e) => `${e.engine} ${formatNumber(e.count)}`)
                        .join(", ")}
                    </td>
                    <td data-label="Answers citing it">{formatNumber(p.citedAnswers)}</td>
                    <td data-label="Answers citing the domain">
                      {formatNumber(p.domainCitedAnswers)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </article>
  );
}

/** Search Console queries with the prompts they match; uncovered ones can become prompts. */
export function QueriesPanel({ slug, range }: { slug: string; range: Range }) {
  const [uncovered, setUncovered] = useState(false);
  const queries = useQuery({
    queryKey: ["seo-queries", slug, range, uncovered],
    queryFn: () => gp.seo.listQueries(slug, { ...range, uncovered, limit: 50 }),
  });
  return (
    <article className="panel" aria-labelledby="queries-title">
      <h2 id="queries-title">Search Console queries</h2>
      <label className="inline">
        <input
          type="checkbox"
          checked={uncovered}
          onChange={(e) => setUncovered(e.target.checked)}
        />{" "}
        Only queries no prompt covers
      </label>
      {queries.isPending ? (
        <Loading what="the queries" />
      ) : queries.isError ? (
        <ErrorNote error={queries.error} action="Queries" />
      ) : queries.data.data.length === 0 ? (
        <Empty>
          No queries in this range: refresh now to pull Search Console, or pick another range.
        </Empty>
      ) : (
        <QueriesTable queries={queries.data.data} />
      )}
      <SuggestionsPanel slug={slug} range={range} />
    </article>
  );
}

function QueriesTable({ queries }: { queries: Schemas["SeoQuery"][] }) {
  return (
    <div className="scroll">
      <table className="stack">
        <thead>
          <tr>
            <th scope="col">Query</th>
            <th scope="col">Clicks</th>
            <th scope="col">Impressions</th>
            <th scope="col">CTR</th>
            <th scope="col">Position</th>
            <th scope="col">Matching prompts</th>
          </tr>
        </thead>
        <tbody>
          {queries.map((q) => (
            <tr key={q.query}>
              <td data-label="Query">{q.query}</td>
              <td data-label="Clicks">{formatNumber(q.clicks)}</td>
              <td data-label="Impressions">{formatNumber(q.impressions)}</td>
              <td data-label="CTR">{formatShare(q.ctr)}</td>
              <td data-label="Position">{formatNumber(q.position, 1)}</td>
              <td data-label="Matching prompts">
                {q.matches.length === 0 ? "None" : q.matches.map((m) => m.text).join("; ")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Generate prompt suggestions from uncovered queries, then accept them into the prompts. */
function SuggestionsPanel({ slug, range }: { slug: string; range: Range }) {
  const queryClient = useQueryClient();
  const [accepted, setAccepted] = useState<string[]>([]);
  const generate = useMutation({
    mutationFn: () => gp.seo.suggestPromptsFromSearchConsole(slug, range),
    onSuccess: () => setAccepted([]),
  });
  const accept = useMutation({
    mutationFn: (id: string) => gp.promptSuggestions.accept(slug, id),
    onSuccess: async (_, id) => {
      setAccepted((ids) => [...ids, id]);
      for (const queryKey of [["seo-queries", slug], keys.prompts(slug), keys.suggestions(slug)])
        await queryClient.invalidateQueries({ queryKey });
    },
  });
  const result = generate.data;
  return (
    <div className="suggestions">
      <h3>Prompt suggestions</h3>
      <p>
        Turn queries no prompt covers into prompt suggestions, then accept the ones to measure.{" "}
        <button type="button" onClick={() => generate.mutate()} disabled={generate.isPending}>
          Suggest prompts
        </button>
      </p>
      <ErrorNote error={generate.error} action="Could not suggest prompts" />
      <ErrorNote error={accept.error} action="Could not accept" />
      {result && (
        <p role="status">
          {formatNumber(result.stored)} new suggestions ({formatNumber(result.duplicates)} already
          prompts or suggestions).{" "}
          {result.stored === 0 && (
            <>
              See all suggestions on <Link to={`/w/${slug}/prompts`}>Prompts</Link>.
            </>
          )}
        </p>
      )}
      {result && result.data.length > 0 && (
        <ul className="plain">
          {result.data.map((s) => (
            <li key={s.suggestionId}>
              {s.text}{" "}
              {accepted.includes(s.suggestionId) ? (
                <span>Accepted: now a prompt.</span>
              ) : (
                <button
                  type="button"
                  aria-label={`Accept “${s.text}”`}
                  onClick={() => accept.mutate(s.suggestionId)}
                  disabled={accept.isPending}
                >
                  Accept
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
