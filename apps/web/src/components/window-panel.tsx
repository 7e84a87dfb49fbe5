import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { answersLink } from "../answers-link";
import { gp, type Schemas } from "../api";
import { describeDelta, formatDate, formatEstimate, formatNumber, type Scale } from "../format";
import { keys } from "../hooks";
import { Empty, ErrorNote, Loading } from "./states";
import type { Surface } from "./surface-select";

type WindowMetric = Schemas["WindowMetric"] | Schemas["WindowComposite"];

const runDays = (n: number) => `${formatNumber(n)} run ${n === 1 ? "day" : "days"}`;

/** The change against the window before, saying whether it is more than noise. */
function WindowChange({ metric, scale }: { metric: WindowMetric; scale: Scale }) {
  if (!metric.change) return <span className="muted">—</span>;
  const d = describeDelta(metric.change, scale);
  return (
    <span className={`delta ${d.direction}`} title={d.note}>
      <span className="delta-value">{d.text}</span>
      {d.significant ? (
        <span className="badge">significant</span>
      ) : (
        <span className="muted"> (noise)</span>
      )}
    </span>
  );
}

type WindowEntity = Schemas["MetricsWindow"]["entities"][number];

interface WindowColumn {
  label: string;
  of: (e: WindowEntity) => WindowMetric;
  /** A share 0-1 (default), or the composite's 0-100 score. */
  scale?: Scale;
  /** The answers route's `match` that opens the answers a value counts. */
  match?: "mentioned" | "cited" | "recommended" | "shortlisted";
}

const matchVerb = {
  mentioned: "naming",
  cited: "citing",
  recommended: "recommending",
  shortlisted: "shortlisting",
} as const;

/** One table of the window view: per entity, each column's estimate and its change. */
function WindowTable(props: {
  view: Schemas["MetricsWindow"];
  columns: readonly WindowColumn[];
  answersOf: (query: Record<string, string>) => string;
}) {
  const before = `vs the ${props.view.days} days before`;
  return (
    <div className="scroll">
      <table className="stack">
        <thead>
          <tr>
            <th scope="col">Entity</th>
            {props.columns.map((c) => [
              <th key={c.label} scope="col">
                {c.label} (95% interval)
              </th>,
              <th key={`${c.label}-change`} scope="col">
                {before}
              </th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {props.view.entities.map((e) => (
            <tr key={e.entityId} className={e.isSelf ? "self" : undefined}>
              <th scope="row">{e.entity}</th>
              {props.columns.map((c) => {
                const m = c.of(e);
                const scale = c.scale ?? "share";
                const text = formatEstimate(m.current, scale);
                const counted = formatNumber(Math.round(m.current.value * m.current.n));
                return [
                  <td key={c.label} data-label={`${c.label} (95% interval)`}>
                    {c.match ? (
                      <Link
                        to={props.answersOf({ match: c.match, entity: e.entityId })}
                        aria-label={`${text}: open the ${counted} answers of ${formatNumber(m.current.n)} in the last ${props.view.days} days ${matchVerb[c.match]} ${e.entity}`}
                      >
                        {text}
                      </Link>
                    ) : (
                      text
                    )}
                  </td>,
                  <td key={`${c.label}-change`} data-label={before}>
                    <WindowChange metric={m} scale={scale} />
                  </td>,
                ];
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Visibility, share of voice, citation share, recommendation rate and shortlist share over the last 7 or 28
 * days against the window before
 * (`GET .../metrics/window`): intervals over prompts and run days, the long-run rate.
 */
export function WindowPanel({ slug, surface }: { slug: string; surface: Surface | undefined }) {
  // In the address (`?window=28`), like the surface, so the view can be shared.
  const [params, setParams] = useSearchParams();
  const days: 7 | 28 = params.get("window") === "28" ? 28 : 7;
  const setDays = (n: 7 | 28) => {
    const updated = new URLSearchParams(params);
    if (n === 28) updated.set("window", "28");
    else updated.delete("window");
    setParams(updated);
  };
  const view = useQuery({
    queryKey: keys.window(slug, days, surface),
    queryFn: () => gp.metrics.getWindow(slug, { days, ...(surface ? { surface } : {}) }),
  });
  // The answers behind a number: the window's days, of the surface the view reads.
  const answersOf = (query: Record<string, string> = {}) =>
    answersLink(slug, {
      from: view.data?.current.from,
      to: view.data?.current.to,
      ...query,
      surface,
    });
  return (
    <article className="panel" aria-labelledby="window-title">
      <h2 id="window-title">Last {days} days</h2>
      <fieldset className="range">
        <legend className="visually-hidden">Window</legend>
        {([7, 28] as const).map((n) => (
          <label key={n}>
            <input
              type="radio"
              name="window-days"
              checked={days === n}
              onChange={() => setDays(n)}
            />{" "}
            {n} days
          </label>
        ))}
      </fieldset>
      {view.isPending && <Loading what={`the last ${days} days`} />}
      <ErrorNote error={view.error} action="Window" />
      {view.data &&
        (view.data.current.responses === 0 ? (
          <Empty>No answers in the last {days} days: start a run or schedule one.</Empty>
        ) : (
          <>
            <p>
              {formatDate(view.data.current.from)} to {formatDate(view.data.current.to)}:{" "}
              {runDays(view.data.current.runDays)},{" "}
              <Link to={answersOf()}>{formatNumber(view.data.current.responses)} answers</Link>,
              against {formatDate(view.data.previous.from)} to {formatDate(view.data.previous.to)} (
              {runDays(view.data.previous.runDays)}). 95% intervals over prompts and run days: the
              engines' average over the window, not a single day's.
            </p>
            <WindowTable
              view={view.data}
              answersOf={answersOf}
              columns={[
                { label: "Composite", of: (e) => e.composite, scale: "score" },
                { label: "Visibility", of: (e) => e.visibility, match: "mentioned" },
                { label: "Share of voice", of: (e) => e.shareOfVoice },
                { label: "Cited in", of: (e) => e.citationShare, match: "cited" },
              ]}
            />
            <WindowTable
              view={view.data}
              answersOf={answersOf}
              columns={[
                {
                  label: "Recommended in",
                  of: (e) => e.recommendationRate,
                  match: "recommended",
                },
                { label: "Shortlisted in", of: (e) => e.shortlistShare, match: "shortlisted" },
              ]}
            />
            <p className="hint">
              Composite: 0-100, visibility, share of voice, position and citations with the
              workspace's weights. Cited in: of the answers with a citation. Shortlisted: named
              among the first three tracked entities an answer recommends.
            </p>
          </>
        ))}
    </article>
  );
}
