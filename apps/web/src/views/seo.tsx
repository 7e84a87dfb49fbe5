import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { gp } from "../api";
import { DailyLinesChart } from "../components/charts";
import { Empty, ErrorNote, Loading } from "../components/states";
import { formatDate, formatMicrousd, formatNumber } from "../format";
import { useSlug } from "../hooks";
import {
  defaultRange,
  describeCorrelation,
  describeRefresh,
  refreshIsActive,
  trafficRows,
} from "../seo-labels";
import { LandingPagesTable, QueriesPanel } from "./seo-tables";

/** AI referral traffic from GA4 and Search Console queries, with a refresh and the correlation. */
export default function Seo() {
  const slug = useSlug();
  const [range, setRange] = useState(() => defaultRange(new Date()));
  const connections = useQuery({
    queryKey: ["connections", slug],
    queryFn: () => gp.connections.list(slug),
  });
  const traffic = useQuery({
    queryKey: ["seo-traffic", slug, range],
    queryFn: () => gp.seo.getTraffic(slug, range),
  });
  const correlation = useQuery({
    queryKey: ["seo-correlation", slug, range],
    queryFn: () => gp.seo.getCorrelation(slug, range),
  });

  if (connections.isPending) return <Loading what="the connections" />;
  if (connections.isError) return <ErrorNote error={connections.error} action="SEO traffic" />;
  const connected = connections.data.data.some((c) => c.credential !== null);

  return (
    <section aria-labelledby="seo-title">
      <h1 id="seo-title">SEO traffic</h1>
      {!connected ? (
        <Empty>
          No Google data yet: <Link to={`/w/${slug}/connections`}>connect Search Console</Link> and
          Google Analytics 4 to see traffic, landing pages and queries.
        </Empty>
      ) : (
        <>
          <RefreshPanel slug={slug} />
          <fieldset className="range">
            <legend>Date range (UTC days)</legend>
            <label>
              From{" "}
              <input
                type="date"
                value={range.from}
                max={range.to}
                onChange={(e) => e.target.value && setRange({ ...range, from: e.target.value })}
              />
            </label>{" "}
            <label>
              To{" "}
              <input
                type="date"
                value={range.to}
                min={range.from}
                onChange={(e) => e.target.value && setRange({ ...range, to: e.target.value })}
              />
            </label>
          </fieldset>
          <article className="panel" aria-labelledby="traffic-title">
            <h2 id="traffic-title">AI referral sessions</h2>
            {traffic.isPending ? (
              <Loading what="the traffic" />
            ) : traffic.isError ? (
              <ErrorNote error={traffic.error} action="Traffic" />
            ) : traffic.data.engines.length === 0 ? (
              <Empty>
                No AI referral sessions stored for this range: refresh now, or pick another range.
              </Empty>
            ) : (
              <>
                <p>
                  {formatNumber(traffic.data.aiSessions)} of{" "}
                  {formatNumber(traffic.data.totalSessions)} sessions came from AI engines between{" "}
                  {formatDate(traffic.data.from)} and {formatDate(traffic.data.to)}. Engines that
                  strip the referrer, and Google AI Overviews, count as other traffic.
                </p>
                <DailyLinesChart
                  rows={trafficRows(traffic.data.engines)}
                  series={traffic.data.engines.map((e) => e.engine)}
                  label="AI referral sessions per engine and day (the table below has the totals)"
                />
                <div className="scroll">
                  <table className="stack">
                    <thead>
                      <tr>
                        <th scope="col">Engine</th>
                        <th scope="col">Sessions</th>
                        <th scope="col">Key events</th>
                      </tr>
                    </thead>
                    <tbody>
                      {traffic.data.engines.map((e) => (
                        <tr key={e.engine}>
                          <td data-label="Engine">{e.engine}</td>
                          <td data-label="Sessions">{formatNumber(e.sessions)}</td>
                          <td data-label="Key events">{formatNumber(e.conversions)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </article>
          <article className="panel" aria-labelledby="correlation-title">
            <h2 id="correlation-title">AI visibility and traffic</h2>
            {correlation.isPending ? (
              <Loading what="the correlation" />
            ) : correlation.isError ? (
              <ErrorNote error={correlation.error} action="Correlation" />
            ) : (
              <>
                <p>{describeCorrelation(correlation.data)}</p>
                <p className="hint">{correlation.data.note}</p>
              </>
            )}
          </article>
          <LandingPagesTable slug={slug} range={range} />
          <QueriesPanel slug={slug} range={range} />
        </>
      )}
    </section>
  );
}

/** Refresh now: starts a pull from Google and polls it until it ends. */
function RefreshPanel({ slug }: { slug: string }) {
  const queryClient = useQueryClient();
  const [refreshId, setRefreshId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () => gp.seo.startRefresh(slug, {}),
    onSuccess: (r) => setRefreshId(r.refreshId),
  });
  const refresh = useQuery({
    queryKey: ["seo-refresh", slug, refreshId],
    enabled: refreshId !== null,
    queryFn: async () => {
      const r = await gp.seo.getRefresh(slug, refreshId ?? "");
      // The reads change once the pull has stored its rows.
      if (!refreshIsActive(r)) await queryClient.invalidateQueries({ queryKey: ["seo-traffic"] });
      if (!refreshIsActive(r))
        for (const key of ["seo-correlation", "seo-landing-pages", "seo-queries", "connections"])
          await queryClient.invalidateQueries({ queryKey: [key] });
      return r;
    },
    refetchInterval: (q) =>
      q.state.status !== "error" && (refreshIsActive(q.state.data) || !q.state.data) ? 1000 : false,
  });
  const current = refresh.data ?? start.data;

  return (
    <div className="refresh">
      <button
        type="button"
        disabled={start.isPending || refreshIsActive(current)}
        onClick={() => start.mutate()}
      >
        {refreshIsActive(current) ? "Refreshing…" : "Refresh now"}
      </button>{" "}
      <small className="hint">
        Pulls Search Console and GA4 from Google; costs {formatMicrousd(500)} per page fetched.
      </small>
      {current && (
        <p role="status" className={current.status === "failed" ? "error" : ""}>
          {describeRefresh(current)}
          {current.status === "succeeded" &&
            ` (${formatNumber(current.rowsStored)} rows, ${formatMicrousd(current.costMicrousd)}).`}
        </p>
      )}
      <ErrorNote error={start.error} action="Could not refresh" />
      <ErrorNote error={refresh.error} action="Could not read the refresh" />
    </div>
  );
}
