import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { gp, type Schemas } from "../api";
import { ErrorNote, Loading } from "../components/states";
import { formatDate, formatNumber } from "../format";
import { useSlug } from "../hooks";
import { webLink } from "../report-document";
import {
  categoryLabels,
  checkStatusLabels,
  evaluationInProgress,
  evaluationStatusLabels,
  failureLabels,
} from "../report-labels";
import { evaluationKeys } from "./page-evaluations";

type Evaluation = Schemas["PageEvaluation"];
type Check = Schemas["PageCheck"];
const categories = Object.keys(categoryLabels) as Schemas["PageCheckCategory"][];

/**
 * One evaluation: scores per category, each check with what it saw and how to fix it, and the
 * page as a crawler reads it. Everything quoted from the page is untrusted text (never HTML).
 */
export default function PageEvaluationDetail() {
  const slug = useSlug();
  const { evaluationId = "" } = useParams();
  const evaluation = useQuery({
    queryKey: evaluationKeys.one(slug, evaluationId),
    queryFn: () => gp.pageEvaluations.get(slug, evaluationId),
    // Polled while it runs; an error (an unknown id: 404) ends the polling.
    refetchInterval: (query) =>
      query.state.status === "error" ||
      (query.state.data && !evaluationInProgress.has(query.state.data.status))
        ? false
        : 1000,
  });
  const back = (
    <p>
      <Link to={`/w/${slug}/page-evaluations`}>← All page evaluations</Link>
    </p>
  );
  if (evaluation.isPending) return <Loading what="the evaluation" />;
  if (evaluation.isError)
    return (
      <section>
        {back}
        <ErrorNote error={evaluation.error} action="Page evaluation" />
      </section>
    );
  const e = evaluation.data;
  return (
    <section aria-labelledby="evaluation-title">
      {back}
      <h1 id="evaluation-title" className="break">
        {e.url}
      </h1>
      <Status evaluation={e} />
      {e.scores && <Scores scores={e.scores} />}
      {categories.map((category) => {
        const checks = e.checks.filter((c) => c.category === category);
        return checks.length ? (
          <CheckList key={category} title={categoryLabels[category]} checks={checks} />
        ) : null;
      })}
      {e.crawlerView && (
        <article className="panel" aria-labelledby="crawler-title">
          <h2 id="crawler-title">What a crawler reads</h2>
          <p className="muted">
            The page's main content as Markdown ({formatNumber(e.crawlerView.bytes)} bytes of HTML).
          </p>
          <pre className="crawler-view">{e.crawlerView.markdown}</pre>
        </article>
      )}
    </section>
  );
}

function Status({ evaluation: e }: { evaluation: Evaluation }) {
  const finalLink = webLink(e.finalUrl);
  return (
    <article className="panel" aria-labelledby="evaluation-status-title">
      <h2 id="evaluation-status-title">Status: {evaluationStatusLabels[e.status]}</h2>
      {evaluationInProgress.has(e.status) && (
        <p role="status">Fetching and checking the page; this view updates by itself.</p>
      )}
      {e.failure && (
        <p className="error" role="alert">
          {failureLabels[e.failure.reason]}. {e.failure.message}
        </p>
      )}
      <ul>
        <li>Started {formatDate(e.createdAt)}</li>
        {e.finishedAt && <li>Finished {formatDate(e.finishedAt)}</li>}
        {e.finalUrl && e.finalUrl !== e.url && (
          <li className="break">
            Fetched from{" "}
            {finalLink ? (
              <a href={finalLink} rel="noopener noreferrer nofollow" target="_blank">
                {e.finalUrl}
              </a>
            ) : (
              e.finalUrl
            )}
          </li>
        )}
      </ul>
    </article>
  );
}

function Scores({ scores }: { scores: Schemas["PageScores"] }) {
  const show = (v: number | null) => (v === null ? "not scored" : `${formatNumber(v)} / 100`);
  return (
    <article className="panel" aria-labelledby="scores-title">
      <h2 id="scores-title">Scores</h2>
      <dl className="figures">
        <div>
          <dt>Overall</dt>
          <dd className="big">{show(scores.overall)}</dd>
        </div>
        {categories.map((c) => (
          <div key={c}>
            <dt>{categoryLabels[c]}</dt>
            <dd>{show(scores.categories[c])}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}

/** Failing and warning checks open; the rest (passed, informative) behind a disclosure. */
function CheckList({ title, checks }: { title: string; checks: Check[] }) {
  const id = `checks-${title.toLowerCase()}`;
  const notable = checks.filter((c) => c.status === "fail" || c.status === "warn");
  const rest = checks.filter((c) => !notable.includes(c));
  return (
    <article className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {notable.length === 0 && <p>No failing check and no warning.</p>}
      <CheckItems checks={notable} />
      {rest.length > 0 && (
        <details>
          <summary>
            {formatNumber(rest.length)} more {rest.length === 1 ? "check" : "checks"} (passed or for
            information)
          </summary>
          <CheckItems checks={rest} />
        </details>
      )}
    </article>
  );
}

function CheckItems({ checks }: { checks: Check[] }) {
  if (checks.length === 0) return null;
  return (
    <ul className="checks">
      {checks.map((check) => (
        <li key={check.id} className={`check-${check.status}`}>
          <h3>
            {checkStatusLabels[check.status]}: {check.title}{" "}
            <small className="muted">({check.severity})</small>
          </h3>
          <p>{check.summary}</p>
          {check.evidence.length > 0 && (
            <dl className="evidence">
              {check.evidence.map((item) => (
                <div key={`${item.label}-${item.line ?? ""}-${item.value}`}>
                  <dt>
                    {item.label}
                    {item.line ? `, line ${formatNumber(item.line)}` : ""}
                  </dt>
                  <dd className="break">{item.value}</dd>
                </div>
              ))}
            </dl>
          )}
          {check.fix && (
            <p>
              <strong>Fix:</strong> {check.fix}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
