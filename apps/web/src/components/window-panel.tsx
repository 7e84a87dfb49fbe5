import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { answersLink } from "../answers-link";
import { gp, type Schemas } from "../api";
import { describeDelta, formatDate, formatEstimate, formatNumber } from "../format";
import { keys } from "../hooks";
import { Empty, ErrorNote, Loading } from "./states";
import type { Surface } from "./surface-select";

type WindowMetric = Schemas["WindowMetric"];

const runDays = (n: number) => `${formatNumber(n)} run ${n === 1 ? "day" : "days"}`;

/** The change against the window before, saying whether it is more than noise. */
function WindowChange({ metric }: { metric: WindowMetric }) {
  if (!metric.change) return <span className="muted">—</span>;
  const d = describeDelta(metric.change, "share");
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

/**
 * Visibility and share of voice over the last 7 or 28 days against the window before
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
            <div className="scroll">
              <table className="stack">
                <thead>
                  <tr>
                    <th scope="col">Entity</th>
                    <th scope="col">Visibility (95% interval)</th>
                    <th scope="col">vs the {days} days before</th>
                    <th scope="col">Share of voice (95% interval)</th>
                    <th scope="col">vs the {days} days before</th>
                  </tr>
                </thead>
                <tbody>
                  {view.data.entities.map((e) => (
                    <tr key={e.entityId} className={e.isSelf ? "self" : undefined}>
                      <th scope="row">{e.entity}</th>
                      <td data-label="Visibility (95% interval)">
                        <Link
                          to={answersOf({ match: "mentioned", entity: e.entityId })}
                          aria-label={`${formatEstimate(e.visibility.current, "share")}: open the ${formatNumber(Math.round(e.visibility.current.value * e.visibility.current.n))} answers of ${formatNumber(e.visibility.current.n)} in the last ${days} days naming ${e.entity}`}
                        >
                          {formatEstimate(e.visibility.current, "share")}
                        </Link>
                      </td>
                      <td data-label={`vs the ${days} days before`}>
                        <WindowChange metric={e.visibility} />
                      </td>
                      <td data-label="Share of voice (95% interval)">
                        {formatEstimate(e.shareOfVoice.current, "share")}
                      </td>
                      <td data-label={`vs the ${days} days before`}>
                        <WindowChange metric={e.shareOfVoice} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ))}
    </article>
  );
}
