import type { Recommendation, RequestBody } from "@geopulse/api-types";
import type { SessionPrincipal } from "../../http/principal.js";
import type { WorkspaceOperation } from "../operation.js";
import { transitionRecommendation } from "./transition-recommendation.js";

export interface ReviewRecommendationOptions extends WorkspaceOperation {
  principal: SessionPrincipal;
  recommendationId: string;
  input: RequestBody<"reviewRecommendation">;
}

/**
 * A person's compliance review of a `flagged` recommendation (session only):
 * `clear` -> `proposed` (its findings stay on it, so the same findings do not
 * flag it again), `dismiss` -> `dismissed` with reason `compliance`. The note
 * goes to the history and the audit log.
 */
export function reviewRecommendation(
  options: ReviewRecommendationOptions,
): Promise<Recommendation> {
  const { input, ctx } = options;
  const dismiss = input.decision === "dismiss";
  return transitionRecommendation({
    ...options,
    action: "review",
    body: input,
    to: dismiss ? "dismissed" : "proposed",
    ...(dismiss ? { reason: "compliance" as const } : {}),
    extra: () =>
      dismiss
        ? { dismissReason: "compliance", dismissNote: input.note, dismissedAt: ctx.clock.now() }
        : {},
    auditMetadata: { decision: input.decision, note: input.note },
  });
}
