import type {
  Recommendation,
  RecommendationDismissReason,
  RecommendationStatus,
} from "@geopulse/api-types";
import type { Prisma } from "@geopulse/db";
import { errors } from "../../errors/app-error.js";
import { principalIdOf } from "../../http/principal.js";
import { newId } from "../../ids.js";
import { audit } from "../audit/audit.js";
import { runIdempotent } from "../idempotency/idempotency.js";
import type { WorkspaceOperation } from "../operation.js";
import {
  findRecommendation,
  findRecommendationState,
  type TransitionAction,
  toRecommendationResponse,
  transitions,
} from "./recommendation-rules.js";

export interface TransitionRecommendationOptions extends WorkspaceOperation {
  recommendationId: string;
  action: TransitionAction;
  /** The request body; its `idempotencyKey` keys the retry, the rest is compared. */
  body: { idempotencyKey: string; note?: string | undefined; [field: string]: unknown };
  /** The status it ends in (default: the transition's own). */
  to?: RecommendationStatus;
  reason?: RecommendationDismissReason;
  /** Further columns to write with the change (e.g. the impact baseline at `done`). */
  extra?: (row: { metric: Prisma.JsonValue }) => Prisma.RecommendationUpdateManyMutationInput;
  /** Audit metadata beyond from, to and reason. */
  auditMetadata?: Record<string, string>;
}

/**
 * One status change, at most once per idempotency key: the row changes only
 * from a status the transition allows (else `409 invalid_transition` with the
 * current status), in one transaction with its history entry, its audit record
 * and the idempotency record. A retry with the same key and body gets the
 * recommendation back; the same key with another body is `409
 * idempotency_key_reused`.
 */
export async function transitionRecommendation(
  options: TransitionRecommendationOptions,
): Promise<Recommendation> {
  const { ctx, workspace, principal, recommendationId, action, body } = options;
  const rule = transitions[action];
  const allowedFrom: readonly RecommendationStatus[] = rule.from;
  const to = options.to ?? rule.to;
  const { idempotencyKey, ...request } = body;
  await findRecommendationState(ctx.prisma, workspace.id, recommendationId);

  await runIdempotent({
    ctx,
    scope: {
      workspaceId: workspace.id,
      principalId: principalIdOf(principal),
      operation: `recommendation.${action}`,
      key: idempotencyKey,
      request: { recommendationId, ...request },
    },
    run: async (tx) => {
      const row = await findRecommendationState(tx, workspace.id, recommendationId);
      const from = row.status as RecommendationStatus;
      const refuse = () =>
        errors.invalidTransition({ status: from, action, allowedFrom: [...allowedFrom] });
      if (!allowedFrom.includes(from)) throw refuse();
      const now = ctx.clock.now();
      const changed = await tx.recommendation.updateMany({
        // The status guard makes two racing transitions change it once.
        where: { id: row.id, status: from },
        data: { status: to, updatedAt: now, ...options.extra?.(row) },
      });
      if (changed.count !== 1) {
        const current = await tx.recommendation.findUniqueOrThrow({ where: { id: row.id } });
        throw errors.invalidTransition({
          status: current.status,
          action,
          allowedFrom: [...allowedFrom],
        });
      }
      const transitionId = newId("rtr", ctx.clock);
      await tx.recommendationTransition.create({
        data: {
          id: transitionId,
          recommendationId: row.id,
          action,
          fromStatus: from,
          toStatus: to,
          reason: options.reason ?? null,
          note: body.note ?? null,
          actorType: principal.kind === "api_key" ? "api_key" : "user",
          actorId:
            principal.kind === "api_key"
              ? principal.keyId
              : principal.kind === "session"
                ? principal.userId
                : null,
          createdAt: now,
        },
      });
      await audit(options, tx, `recommendation.${action}`, ["recommendation", row.id], {
        from,
        to,
        ...(options.reason ? { reason: options.reason } : {}),
        ...options.auditMetadata,
      });
      return { resourceId: transitionId, result: undefined };
    },
    replay: async () => undefined,
  });

  return toRecommendationResponse(
    await findRecommendation(ctx.prisma, workspace.id, recommendationId),
    workspace.slug,
  );
}
