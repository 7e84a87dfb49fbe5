import { useQuery } from "@tanstack/react-query";
import { gp, type Schemas } from "../api";
import { formatMicrousd, formatNumber, formatShare } from "../format";
import { take } from "../hooks";
import { Empty, ErrorNote, Loading } from "./states";

type Confirmation = Schemas["MetricConfirmation"];

const statusText: Record<Confirmation["status"], string> = {
  collecting: "Collecting",
  confirmed: "Confirmed",
  expired: "Expired",
};

const expiredText: Record<NonNullable<Confirmation["expiredBecause"]>, string> = {
  fresh_days: "not confirmed in 7 run days",
  calendar_days: "no runs for 21 days",
  analysis_changed: "the analysis changed",
  prompts_changed: "a followed prompt changed",
  entity_removed: "the competitor was removed",
};

/** The fresh rate with its confidence sequence: "41.2% (35.0%–47.4%)". */
function freshRate(c: Confirmation): string {
  const { rate, low, high } = c.fresh;
  if (rate === null || low === null || high === null) return "no fresh day yet";
  return `${formatShare(rate)} (${formatShare(Math.max(0, low))}–${formatShare(Math.min(1, high))})`;
}

/**
 * Adaptive sampling (GET .../metrics/confirmations): each borderline change being confirmed
 * with extra answers, what it must pass and what it found. Under the schedule, which holds
 * its monthly budget.
 */
export function ConfirmationsPanel({ slug }: { slug: string }) {
  const confirmations = useQuery({
    queryKey: ["metric-confirmations", slug],
    queryFn: () => take(gp.metrics.listConfirmations(slug, { limit: 20 }), 20),
  });
  return (
    <article className="panel" aria-labelledby="confirmations-title">
      <h2 id="confirmations-title">Confirmations</h2>
      <p className="hint">
        When a change is borderline (p ≤ 0.001, not yet significant), the next scheduled runs ask
        the 10 prompts that moved most 4 more times, within the schedule's monthly confirmation
        budget, until a test valid at every look confirms it or 7 run days pass. No metric counts
        these extra answers.
      </p>
      {confirmations.isPending && <Loading what="the confirmations" />}
      <ErrorNote error={confirmations.error} action="Confirmations" />
      {confirmations.data?.length === 0 && (
        <Empty>
          None yet. Set a confirmation budget on the schedule; a borderline change then starts one.
        </Empty>
      )}
      {confirmations.data && confirmations.data.length > 0 && (
        <div className="scroll">
          <table className="stack" data-testid="confirmations-table">
            <caption className="visually-hidden">Confirmations, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Borderline day</th>
                <th scope="col">Series</th>
                <th scope="col">Status</th>
                <th scope="col">Fresh days</th>
                <th scope="col">Answers (extra)</th>
                <th scope="col">Fresh visibility</th>
                <th scope="col">Must pass</th>
                <th scope="col">Cost</th>
              </tr>
            </thead>
            <tbody>
              {confirmations.data.map((c) => (
                <tr key={c.id}>
                  <td data-label="Borderline day">{c.date}</td>
                  <td data-label="Series">
                    {c.entityId === "self" ? "Your brand" : c.entityId},{" "}
                    {c.engine === "all" ? "every engine" : c.engine}, {c.direction}
                  </td>
                  <td data-label="Status">
                    {statusText[c.status]}
                    {c.decidedOn ? ` on ${c.decidedOn}` : ""}
                    {c.expiredBecause ? ` (${expiredText[c.expiredBecause]})` : ""}
                  </td>
                  <td data-label="Fresh days">{formatNumber(c.fresh.days)} of 7</td>
                  <td data-label="Answers (extra)">
                    {formatNumber(c.fresh.answers)} ({formatNumber(c.fresh.extraAnswers)})
                  </td>
                  <td data-label="Fresh visibility">{freshRate(c)}</td>
                  <td data-label="Must pass">
                    {c.direction === "up" ? "above" : "below"}{" "}
                    {formatShare(Math.min(1, Math.max(0, c.reference.bound)))}{" "}
                    <span className="hint">(was {formatShare(c.reference.rate)})</span>
                  </td>
                  <td data-label="Cost">{formatMicrousd(c.costMicrousd)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
