import { GeoPulseError } from "@geopulse/sdk";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { gp, type Schemas } from "../api";
import { ConfirmationsPanel } from "../components/confirmations";
import { PrecisionPlanPanel } from "../components/precision-plan";
import { RunSchedulePanel } from "../components/run-schedule";
import { Empty, ErrorNote, Loading } from "../components/states";
import { formatDate, formatMicrousd, formatNumber } from "../format";
import { keys, take, useSlug } from "../hooks";

type Preset = Schemas["RunPreset"];
const presets: Array<[Preset, string]> = [
  ["smoke", "Smoke: the first engine, up to 5 prompts, once (a quick check)"],
  ["lite", "Lite: every enabled engine, up to 50 prompts, once"],
  ["standard", "Standard: every engine and active prompt, twice (honest intervals)"],
  ["exa", "Exa: the Exa answer engine only, every active prompt"],
];
const live = new Set(["queued", "running"]);

/** Start a run, watch it progress, and the history. */
export default function Runs() {
  const slug = useSlug();
  const queryClient = useQueryClient();
  const [preset, setPreset] = useState<Preset>("smoke");
  const [watching, setWatching] = useState<string | null>(null);
  const runs = useQuery({
    queryKey: keys.runs(slug),
    queryFn: () => take(gp.runs.list(slug, { limit: 20 }), 20),
  });
  const estimate = useQuery({
    queryKey: [...keys.runs(slug), "estimate", preset],
    queryFn: () => gp.runEstimate.estimate(slug, { preset }),
    retry: false,
  });
  const start = useMutation({
    mutationFn: () => gp.runs.start(slug, { preset }),
    onSuccess: (run) => {
      setWatching(run.runId);
      void queryClient.invalidateQueries({ queryKey: keys.runs(slug) });
      void queryClient.invalidateQueries({ queryKey: keys.balance(slug) });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate();
  };

  return (
    <section aria-labelledby="runs-title">
      <h1 id="runs-title">Runs</h1>
      <form onSubmit={submit} className="panel">
        <fieldset>
          <legend>Start a run</legend>
          {presets.map(([value, label]) => (
            <label key={value} className="check">
              <input
                type="radio"
                name="preset"
                value={value}
                checked={preset === value}
                onChange={() => setPreset(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <RunEstimate
          slug={slug}
          estimate={estimate.data}
          error={estimate.error}
          loading={estimate.isPending}
        />
        <button type="submit" className="primary" disabled={start.isPending}>
          {start.isPending ? "Starting…" : "Start run"}
        </button>
        <ErrorNote error={start.error} action="Could not start the run" />
      </form>
      {watching && <RunProgress slug={slug} runId={watching} />}
      <article className="panel" aria-labelledby="history-title">
        <h2 id="history-title">History</h2>
        {runs.isPending && <Loading what="runs" />}
        <ErrorNote error={runs.error} action="Runs" />
        {runs.data?.length === 0 && <Empty>No runs yet: start one above.</Empty>}
        {runs.data && runs.data.length > 0 && (
          <div className="scroll">
            <table className="stack">
              <thead>
                <tr>
                  <th scope="col">Started</th>
                  <th scope="col">Preset</th>
                  <th scope="col">Status</th>
                  <th scope="col">Answers</th>
                  <th scope="col">Engines</th>
                  <th scope="col">Cost</th>
                </tr>
              </thead>
              <tbody>
                {runs.data.map((run) => (
                  <tr key={run.runId}>
                    <td data-label="Started">{formatDate(run.createdAt)}</td>
                    <td data-label="Preset">
                      {run.preset}
                      {run.purpose === "confirmation" ? " (confirmation: extra answers)" : ""}
                    </td>
                    <td data-label="Status">{run.status}</td>
                    <td data-label="Answers">
                      <Link to={`/w/${slug}/answers?run=${run.runId}`}>
                        {formatNumber(run.progress.completed)} of {formatNumber(run.progress.total)}
                      </Link>
                    </td>
                    <td data-label="Engines">
                      {run.engines.join(", ")}
                      {run.simulated && !run.engines.includes("simulated") ? " (simulated)" : ""}
                    </td>
                    <td data-label="Cost">{formatMicrousd(run.costMicrousd)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </article>
      <RunSchedulePanel slug={slug} />
      <PrecisionPlanPanel slug={slug} />
      <ConfirmationsPanel slug={slug} />
    </section>
  );
}

/** What the chosen preset would ask and reserve, before anything starts. */
function RunEstimate({
  slug,
  estimate,
  error,
  loading,
}: {
  slug: string;
  estimate: Schemas["RunEstimate"] | undefined;
  error: unknown;
  loading: boolean;
}) {
  if (loading) return <Loading what="the estimate" />;
  if (error) {
    const noPrompts = error instanceof GeoPulseError && error.code === "no_active_prompts";
    return noPrompts ? (
      <p className="state">
        No active prompts to ask yet: <Link to={`/w/${slug}/prompts`}>add some</Link> first.
      </p>
    ) : (
      <ErrorNote error={error} action="Estimate" />
    );
  }
  if (!estimate) return null;
  const short = estimate.estimateMicrousd > estimate.availableMicrousd;
  return (
    <div className="estimate" aria-live="polite">
      <p>
        Estimate:{" "}
        <strong data-testid="estimate">{formatMicrousd(estimate.estimateMicrousd)}</strong> for{" "}
        {formatNumber(estimate.totalAnswers)} answers ({formatNumber(estimate.promptCount)} prompts
        × {estimate.engines.join(", ")}
        {estimate.simulated && !estimate.engines.includes("simulated") ? " (simulated)" : ""} ×{" "}
        {estimate.repetitions}); available {formatMicrousd(estimate.availableMicrousd)}.
      </p>
      <p className="hint">
        The estimate is reserved when the run starts; the run is never charged more, and what it
        does not use is released when it ends.
      </p>
      {short && (
        <p className="error" role="alert">
          Not enough credit for this preset: <Link to={`/w/${slug}/billing`}>top up</Link> or choose
          a smaller one.
        </p>
      )}
    </div>
  );
}

/** A run's progress, polled every second until it ends. */
function RunProgress({ slug, runId }: { slug: string; runId: string }) {
  const queryClient = useQueryClient();
  const run = useQuery({
    queryKey: keys.run(slug, runId),
    queryFn: async () => {
      const current = await gp.runs.get(slug, runId);
      if (!live.has(current.status)) {
        // The run's end changes the history, the overview (its metrics, windows and time
        // series) and the balance.
        for (const key of [
          keys.runs(slug),
          keys.metrics(slug),
          ["window", slug],
          ["timeseries", slug],
          keys.balance(slug),
        ])
          void queryClient.invalidateQueries({ queryKey: key });
      }
      return current;
    },
    refetchInterval: (query) =>
      query.state.data && !live.has(query.state.data.status) ? false : 1000,
  });
  if (!run.data) return <Loading what="the run" />;
  const { progress, status } = run.data;
  const done = progress.completed + progress.failed;
  return (
    <article className="panel" aria-labelledby="progress-title">
      <h2 id="progress-title">Run {live.has(status) ? "in progress" : status}</h2>
      <progress max={Math.max(progress.total, 1)} value={done} aria-label="Answers received" />
      <p role="status">
        {formatNumber(done)} of {formatNumber(progress.total)} answers (
        {formatNumber(progress.failed)} failed), status {status}. Reserved{" "}
        {formatMicrousd(run.data.estimateMicrousd)}, spent {formatMicrousd(run.data.costMicrousd)}.
      </p>
      {run.data.simulated && (
        <p className="hint">
          No engine has a provider key: the simulated engine answered (local mode).
        </p>
      )}
      {!live.has(status) && <Link to={`/w/${slug}`}>See the overview</Link>}
    </article>
  );
}
