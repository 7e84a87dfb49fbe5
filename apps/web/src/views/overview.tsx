import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { answersLink } from "../answers-link";
import { gp } from "../api";
import { surfaceLabels } from "../components/answer-list";
import { CompositeTrend, ShareOfVoiceChart } from "../components/charts";
import { Deltas, EstimateText } from "../components/estimate";
import { Empty, ErrorNote, Loading } from "../components/states";
import { SurfaceSelect, useSurfaceParam } from "../components/surface-select";
import { WindowPanel } from "../components/window-panel";
import {
  formatDate,
  formatExcluded,
  formatMicrousd,
  formatNumber,
  formatShare,
  isoDay,
} from "../format";
import { keys, useBalance, useMetrics, useSlug } from "../hooks";

const daysAgo = (days: number) => isoDay(new Date(Date.now() - days * 86_400_000));

/** The workspace at a glance: composite, share of voice, engines, trend, runs, credit. */
export default function Overview() {
  const slug = useSlug();
  const [surface, chooseSurface] = useSurfaceParam();
  const metrics = useMetrics(slug, surface);
  const balance = useBalance(slug);
  const [range, setRange] = useState({ from: daysAgo(27), to: daysAgo(0) });
  const series = useQuery({
    queryKey: keys.timeseries(slug, range.from, range.to, surface),
    enabled: range.from <= range.to,
    queryFn: () => gp.metrics.timeseries(slug, { ...range, ...(surface ? { surface } : {}) }),
  });

  if (metrics.isPending) return <Loading what="the overview" />;
  if (metrics.isError) return <ErrorNote error={metrics.error} action="Overview" />;
  const { scoreboard, shareOfVoice, latestRun, recentRuns, pendingRecommendations } = metrics.data;
  const composite = scoreboard.composite;
  // The answers behind a number: its day's, of the surface the number reads.
  const answersOf = (query: Record<string, string> = {}) =>
    answersLink(slug, { from: scoreboard.date, to: scoreboard.date, ...query, surface });
  const { excluded } = scoreboard;

  return (
    <section aria-labelledby="overview-title">
      <h1 id="overview-title">Overview</h1>
      <SurfaceSelect value={surface} onChange={chooseSurface} />
      <div className="cards">
        <article className="card" aria-labelledby="composite-title">
          <h2 id="composite-title">Composite score</h2>
          {composite.n === 0 ? (
            <Empty>
              No measured day yet: <Link to={`/w/${slug}/runs`}>start a run</Link>.
            </Empty>
          ) : (
            <>
              <p className="big">{formatNumber(composite.value, 1)}</p>
              <p>
                95% interval {formatNumber(composite.ciLow, 1)}–{formatNumber(composite.ciHigh, 1)}{" "}
                from{" "}
                <Link
                  to={answersOf()}
                  aria-label={`Open the ${composite.n} answers behind the score`}
                >
                  {formatNumber(composite.n)} answers
                </Link>{" "}
                on {formatDate(scoreboard.date)}
              </p>
              {excluded.brandResearchPrompts > 0 && (
                <p className="note">{formatExcluded(excluded)}</p>
              )}
              {composite.surfaces.length > 1 && (
                <p className="note">
                  Pools {composite.surfaces.map((s) => surfaceLabels[s]).join(" and ")} answers,
                  which buyers read apart: choose a surface above.
                </p>
              )}
              <Deltas comparisons={composite.comparisons} scale="score" />
            </>
          )}
        </article>
        <article className="card" aria-labelledby="credit-title">
          <h2 id="credit-title">Credit</h2>
          {balance.isPending && <Loading what="the balance" />}
          <ErrorNote error={balance.error} action="Balance" />
          {balance.data && (
            <>
              <p className="big">{formatMicrousd(balance.data.availableMicrousd)}</p>
              <p>
                available ({formatMicrousd(balance.data.heldMicrousd)} held).{" "}
                <Link to={`/w/${slug}/billing`}>Billing</Link>
              </p>
            </>
          )}
        </article>
        <article className="card" aria-labelledby="recs-title">
          <h2 id="recs-title">Waiting for you</h2>
          <p>
            {formatNumber(pendingRecommendations.proposed)} proposed recommendations,{" "}
            {formatNumber(pendingRecommendations.complianceFlagged)} with compliance flags.
          </p>
        </article>
      </div>

      <article className="panel" aria-labelledby="sov-title">
        <h2 id="sov-title">Share of voice</h2>
        {shareOfVoice.every((e) => e.n === 0) ? (
          <Empty>No answers measured yet: share of voice appears after the first run.</Empty>
        ) : (
          <>
            <ShareOfVoiceChart entries={shareOfVoice} />
            <table className="stack">
              <caption className="visually-hidden">Share of voice per entity</caption>
              <thead>
                <tr>
                  <th scope="col">Entity</th>
                  <th scope="col">Share of voice (95% interval)</th>
                  <th scope="col">Visibility</th>
                  <th scope="col">Recommended in</th>
                  <th scope="col">Shortlisted in</th>
                </tr>
              </thead>
              <tbody>
                {shareOfVoice.map((e) => (
                  <tr key={e.entity} className={e.isSelf ? "self" : undefined}>
                    <th scope="row">{e.entity}</th>
                    <td data-label="Share of voice (95% interval)">
                      <EstimateText estimate={e} scale="share" />
                    </td>
                    <td data-label="Visibility">
                      <Link
                        to={answersOf({ match: "mentioned", entity: e.entityId })}
                        aria-label={`${formatShare(e.visibility.value)}: open the ${formatNumber(Math.round(e.visibility.value * e.visibility.n))} answers of ${formatNumber(e.visibility.n)} naming ${e.entity}`}
                      >
                        {formatShare(e.visibility.value)}
                      </Link>
                    </td>
                    <td data-label="Recommended in">
                      <StanceLink
                        estimate={e.recommendationRate}
                        to={answersOf({ match: "recommended", entity: e.entityId })}
                        what={`recommending ${e.entity}`}
                      />
                    </td>
                    <td data-label="Shortlisted in">
                      <StanceLink
                        estimate={e.shortlistShare}
                        to={answersOf({ match: "shortlisted", entity: e.entityId })}
                        what={`with ${e.entity} among their first three picks`}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </article>

      <WindowPanel slug={slug} surface={surface} />

      <article className="panel" aria-labelledby="engines-title">
        <h2 id="engines-title">By engine</h2>
        {scoreboard.engines.length === 0 ? (
          <Empty>No engine has answered yet.</Empty>
        ) : (
          <div className="scroll">
            <table className="stack">
              <thead>
                <tr>
                  <th scope="col">Engine</th>
                  <th scope="col">Answers</th>
                  <th scope="col">Visibility</th>
                  <th scope="col">Share of voice</th>
                  <th scope="col">Citation share</th>
                  <th scope="col">Avg. position</th>
                  <th scope="col">Composite</th>
                </tr>
              </thead>
              <tbody>
                {scoreboard.engines.map(({ engine, metrics: m }) => (
                  <tr key={engine}>
                    <th scope="row">{engine}</th>
                    <td data-label="Answers">
                      <Link to={answersOf({ engine })}>{formatNumber(m.responses)}</Link>
                    </td>
                    <td data-label="Visibility">
                      <EstimateText estimate={m.visibility} scale="share" />
                    </td>
                    <td data-label="Share of voice">
                      <EstimateText estimate={m.shareOfVoice} scale="share" />
                    </td>
                    <td data-label="Citation share">
                      <EstimateText estimate={m.citationShare} scale="share" />
                    </td>
                    <td data-label="Avg. position">
                      {m.averagePosition === null ? "—" : formatNumber(m.averagePosition, 1)}
                    </td>
                    <td data-label="Composite">
                      <EstimateText estimate={m.composite} scale="score" />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </article>

      <article className="panel" aria-labelledby="trend-title">
        <h2 id="trend-title">Composite over time</h2>
        <div className="range">
          <label>
            From{" "}
            <input
              type="date"
              value={range.from}
              max={range.to}
              onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
            />
          </label>
          <label>
            To{" "}
            <input
              type="date"
              value={range.to}
              min={range.from}
              onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
            />
          </label>
        </div>
        {series.isPending && <Loading what="the time series" />}
        <ErrorNote error={series.error} action="Time series" />
        {series.data &&
          (series.data.series.some((s) => s.points.some((p) => p.responses > 0)) ? (
            <CompositeTrend series={series.data.series} />
          ) : (
            <Empty>No measured days in this range: widen it or start a run.</Empty>
          ))}
      </article>

      <article className="panel" aria-labelledby="runs-title">
        <h2 id="runs-title">Latest runs</h2>
        {recentRuns.length === 0 && !latestRun ? (
          <Empty>
            No runs yet: <Link to={`/w/${slug}/runs`}>start one</Link>.
          </Empty>
        ) : (
          <ul className="plain">
            {recentRuns.map((r) => (
              <li key={`${r.date}-${r.preset}-${r.status}`}>
                {formatDate(r.date)}: {r.preset}, {r.status},{" "}
                {formatMicrousd(Math.round(r.totalCostUsd * 1_000_000))}
              </li>
            ))}
          </ul>
        )}
        <Link to={`/w/${slug}/runs`}>All runs</Link>
      </article>
    </section>
  );
}

/** A recommendation metric with its interval, opening to the answers it counts. */
function StanceLink(props: {
  estimate: { value: number; ciLow: number; ciHigh: number; n: number };
  to: string;
  what: string;
}) {
  const { estimate } = props;
  const count = Math.round(estimate.value * estimate.n);
  return (
    <Link
      to={props.to}
      aria-label={`${formatShare(estimate.value)}: open the ${formatNumber(count)} answers of ${formatNumber(estimate.n)} ${props.what}`}
    >
      <EstimateText estimate={estimate} scale="share" />
    </Link>
  );
}
