import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { gp, type Schemas } from "../api";
import { Empty, ErrorNote, Loading } from "../components/states";
import { formatCount, formatDate, formatEstimate, formatNumber, formatShare } from "../format";
import { take, useSlug } from "../hooks";
import {
  actionsFor,
  dismissReasons,
  kindLabels,
  type RecAction,
  statusLabels,
  verdictLabels,
} from "../recommendation-labels";

type Rec = Schemas["Recommendation"];
type Status = Schemas["RecommendationStatus"];
type Kind = Schemas["RecommendationKind"];

const recsKey = (slug: string) => ["recommendations", slug] as const;

/** What to do next, from the measurements: filter, read the evidence, act. */
export default function Recommendations() {
  const slug = useSlug();
  const [status, setStatus] = useState<Status | "">("");
  const [kind, setKind] = useState<Kind | "">("");
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useQuery({
    queryKey: [...recsKey(slug), status, kind],
    queryFn: () =>
      take(
        gp.recommendations.list(slug, {
          limit: 50,
          ...(status ? { status } : {}),
          ...(kind ? { kind } : {}),
        }),
        50,
      ),
  });

  return (
    <section aria-labelledby="recs-title">
      <h1 id="recs-title">Recommendations</h1>
      <form className="panel filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          Status{" "}
          <select value={status} onChange={(e) => setStatus(e.target.value as Status | "")}>
            <option value="">Any status</option>
            {Object.entries(statusLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Kind{" "}
          <select value={kind} onChange={(e) => setKind(e.target.value as Kind | "")}>
            <option value="">Any kind</option>
            {Object.entries(kindLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </form>
      <article className="panel" aria-labelledby="recs-list-title">
        <h2 id="recs-list-title">List</h2>
        {list.isPending && <Loading what="recommendations" />}
        <ErrorNote error={list.error} action="Recommendations" />
        {list.data?.length === 0 && (
          <Empty>
            No recommendations{status || kind ? " match these filters" : " yet"}: they are derived
            from each measured day after a run.
          </Empty>
        )}
        {list.data && list.data.length > 0 && (
          <div className="scroll">
            <table className="stack">
              <thead>
                <tr>
                  <th scope="col">Priority</th>
                  <th scope="col">Recommendation</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Status</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((rec) => (
                  <tr key={rec.recommendationId}>
                    <td data-label="Priority">{formatNumber(rec.priority.score)}</td>
                    <td data-label="Recommendation">
                      <button
                        type="button"
                        className="link"
                        aria-expanded={openId === rec.recommendationId}
                        onClick={() =>
                          setOpenId(openId === rec.recommendationId ? null : rec.recommendationId)
                        }
                      >
                        {rec.title}
                      </button>
                    </td>
                    <td data-label="Kind">{kindLabels[rec.kind]}</td>
                    <td data-label="Status">{statusLabels[rec.status]}</td>
                    <td data-label="Updated">{formatDate(rec.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </article>
      {openId && <RecommendationDetail slug={slug} recommendationId={openId} />}
    </section>
  );
}

function RecommendationDetail({
  slug,
  recommendationId,
}: {
  slug: string;
  recommendationId: string;
}) {
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: [...recsKey(slug), "detail", recommendationId],
    queryFn: () => gp.recommendations.get(slug, recommendationId),
  });
  const [reason, setReason] = useState<Schemas["RecommendationDismissReason"]>("not_relevant");
  const act = useMutation({
    mutationFn: (action: RecAction) => {
      const r = gp.recommendations;
      if (action === "dismiss") return r.dismiss(slug, recommendationId, { reason });
      const call = { accept: r.accept, start: r.start, done: r.complete }[action];
      return call(slug, recommendationId, {});
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: recsKey(slug) }),
  });

  if (detail.isPending) return <Loading what="the recommendation" />;
  if (detail.isError) return <ErrorNote error={detail.error} action="Recommendation" />;
  const rec: Rec = detail.data;
  const actions = actionsFor(rec.status);
  return (
    <article className="panel" aria-labelledby="rec-detail-title">
      <h2 id="rec-detail-title">{rec.title}</h2>
      <p>
        <strong>Do:</strong> {rec.action}
      </p>
      <p>
        <strong>Why:</strong> {rec.rationale}
      </p>
      <Evidence rec={rec} />
      <Impact impact={rec.impact} />
      {actions.length > 0 && (
        <div className="actions">
          {actions.includes("dismiss") && (
            <label>
              Reason to dismiss{" "}
              <select
                value={reason}
                onChange={(e) =>
                  setReason(e.target.value as Schemas["RecommendationDismissReason"])
                }
              >
                {Object.entries(dismissReasons).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {actions.map((a) => (
            <button
              key={a.valueOf()}
              type="button"
              className={a === "dismiss" ? undefined : "primary"}
              disabled={act.isPending}
              onClick={() => act.mutate(a)}
            >
              {{ accept: "Accept", start: "Start", done: "Mark done", dismiss: "Dismiss" }[a]}
            </button>
          ))}
        </div>
      )}
      <ErrorNote error={act.error} action="Could not change the recommendation" />
      {rec.dismissal && (
        <p>
          Dismissed {formatDate(rec.dismissal.at)}: {dismissReasons[rec.dismissal.reason]}
          {rec.dismissal.note ? ` (${rec.dismissal.note})` : ""}
        </p>
      )}
    </article>
  );
}

function metricText(m: Schemas["RecommendationMetric"]): string {
  const scale = m.value <= 1 && m.ciHigh <= 1;
  const f = scale ? formatShare : (v: number) => formatNumber(v, 1);
  return `${m.name.replaceAll("_", " ")} ${f(m.value)} (95% CI ${f(m.ciLow)}–${f(m.ciHigh)}, n = ${formatNumber(m.n)}, ${formatDate(m.date)})`;
}

function Evidence({ rec }: { rec: Rec }) {
  const { evidence, target } = rec;
  return (
    <section aria-label="Evidence">
      <h3>Evidence</h3>
      <ul>
        <li>{metricText(evidence.metric)}</li>
        {evidence.comparison && (
          <li>
            Compared with {evidence.comparison.entity}: {formatShare(evidence.comparison.value)}
          </li>
        )}
        {target.domain && <li>Domain: {target.domain}</li>}
        {target.url && <li>Page: {target.url}</li>}
        <li>Engines: {target.engines.length ? target.engines.join(", ") : "all"}</li>
        <li>
          Prompts concerned:{" "}
          {target.promptIds.length ? formatNumber(target.promptIds.length) : "all measured"}
        </li>
        {evidence.stale && <li>Later data no longer supports this recommendation.</li>}
      </ul>
    </section>
  );
}

export function Impact({ impact }: { impact: Rec["impact"] }) {
  if (!impact) return null;
  return (
    <section aria-label="Impact">
      <h3>Impact</h3>
      <p>
        Verdict: <strong>{verdictLabels[impact.verdict ?? "not_enough_data"]}</strong>
      </p>
      <ul>
        <li>Baseline: {metricText(impact.baseline)}</li>
        {impact.current && <li>Now: {metricText(impact.current)}</li>}
        {impact.delta && <li>Change: {changeText(impact.delta)}</li>}
        {impact.delta?.windows && (
          <li>
            Compared on the days' rates, week against week:
            <ul>
              <li>Before: {windowText(impact.delta.windows.before)}</li>
              <li>After: {windowText(impact.delta.windows.after)}</li>
            </ul>
          </li>
        )}
      </ul>
    </section>
  );
}

type ImpactDelta = NonNullable<NonNullable<Rec["impact"]>["delta"]>;

/** "+6.1 pts (95% CI +1.2 to +11 pts)". */
function changeText(d: ImpactDelta): string {
  const pts = (x: number) =>
    `${x > 0 ? "+" : x < 0 ? "−" : "±"}${formatNumber(Math.abs(x * 100), 1)}`;
  return `${pts(d.delta)} pts (95% CI ${pts(d.ciLow)} to ${pts(d.ciHigh)} pts)`;
}

/** "30.1% (95% CI 26.0–34.3%), n = 1,120, Nov 8, 2026 – Nov 14, 2026 (7 days)". */
function windowText(w: Schemas["ImpactWindow"]): string {
  const days = `${formatDate(w.from)} – ${formatDate(w.to)} (${formatCount(w.days, "day")})`;
  return `${formatEstimate(w, "share")}, n = ${formatNumber(w.n)}, ${days}`;
}
