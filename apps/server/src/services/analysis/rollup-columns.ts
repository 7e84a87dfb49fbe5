import {
  type EntityCounts,
  entityCountFields,
  zeroEntityCounts,
} from "../../metrics/aggregates.js";

/** The rollup tables' EntityCounts columns, in `entityCountFields` order. */
export const entityCountColumns = [
  "mentioned_responses",
  "mention_count",
  "rank_sum",
  "cited_responses",
  "positive_responses",
  "negative_responses",
  "recommended_responses",
  "shortlisted_responses",
  "discouraged_responses",
] as const;

/** An EntityCounts from the text of its columns (as packed rows return them). */
export function entityCountsFromText(values: readonly string[]): EntityCounts {
  const counts = zeroEntityCounts();
  entityCountFields.forEach((field, i) => {
    counts[field] = Number(values[i] ?? 0);
  });
  return counts;
}

/** The values of an EntityCounts in column order. */
export const entityCountValues = (counts: EntityCounts): number[] =>
  entityCountFields.map((field) => counts[field]);
