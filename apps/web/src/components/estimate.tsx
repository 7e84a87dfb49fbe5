import type { Schemas } from "../api";
import { describeDelta, formatEstimate, type Scale } from "../format";

const windows = [
  ["previous", "since the previous day"],
  ["7d", "over 7 days"],
  ["28d", "over 28 days"],
] as const;

/** The changes since the comparison days, each saying whether it is more than noise. */
export function Deltas({
  comparisons,
  scale,
}: {
  comparisons: Schemas["DeltaComparisons"];
  scale: Scale;
}) {
  if (windows.every(([key]) => comparisons[key].delta === null))
    return <p className="muted">No earlier day to compare with yet.</p>;
  return (
    <ul className="deltas">
      {windows.map(([key, label]) => {
        const d = describeDelta(comparisons[key], scale);
        return (
          <li key={key} className={`delta ${d.direction}`} title={d.note}>
            <span className="delta-value">{d.text}</span> {label}
            {d.significant === true && <span className="badge">significant</span>}
            {d.significant === false && <span className="muted"> (noise)</span>}
          </li>
        );
      })}
    </ul>
  );
}

export function EstimateText({
  estimate,
  scale,
}: {
  estimate: { value: number; ciLow: number; ciHigh: number; n: number };
  scale: Scale;
}) {
  return <span>{formatEstimate(estimate, scale)}</span>;
}
