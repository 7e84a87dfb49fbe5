import type { Schemas } from "./api";

/** Words for the recommendations' enums, and which actions each status allows. */
export const statusLabels: Record<Schemas["RecommendationStatus"], string> = {
  proposed: "Proposed",
  accepted: "Accepted",
  in_progress: "In progress",
  done: "Done",
  dismissed: "Dismissed",
  flagged: "Awaiting compliance review",
};

export const kindLabels: Record<Schemas["RecommendationKind"], string> = {
  create_content: "Create content",
  earn_citation: "Earn a citation",
  improve_page: "Improve a page",
  fix_sentiment: "Fix sentiment",
  engine_gap: "Engine gap",
  correct_claim: "Correct a claim",
};

export const dismissReasons: Record<Schemas["RecommendationDismissReason"], string> = {
  not_relevant: "Not relevant",
  already_done: "Already done",
  not_feasible: "Not feasible",
  disagree_with_evidence: "Disagree with the evidence",
  compliance: "Compliance",
  other: "Other",
};

export const verdictLabels = {
  improved: "Improved",
  no_detectable_change: "No detectable change",
  worse: "Worse",
  not_enough_data: "Not enough data yet",
} as const;

export type RecAction = "accept" | "start" | "done" | "dismiss";

/** The transitions of docs/recommendations.md: proposed → accepted → in_progress → done. */
export function actionsFor(status: Schemas["RecommendationStatus"]): RecAction[] {
  switch (status) {
    case "proposed":
      return ["accept", "dismiss"];
    case "accepted":
      return ["start", "dismiss"];
    case "in_progress":
      return ["done", "dismiss"];
    default:
      return [];
  }
}
