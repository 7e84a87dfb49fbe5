import type { PageEvaluation as PageEvaluationResponse, RequestBody } from "@geopulse/api-types";
import type { PageEvaluation } from "@geopulse/db";
import { errors } from "../../errors/app-error.js";
import { principalIdOf } from "../../http/principal.js";
import { newId } from "../../ids.js";
import { pageEvaluationsJob } from "../../jobs/definitions/page-evaluations-job.js";
import { audit } from "../audit/audit.js";
import { findIdempotentResult, runIdempotent } from "../idempotency/idempotency.js";
import type { WorkspaceOperation } from "../operation.js";
import { consumeRateLimit } from "../rate-limit/rate-limit.js";
import { pageHost } from "./page-host.js";
import { toPageEvaluationResponse } from "./to-page-evaluation-response.js";

export interface StartPageEvaluationOptions extends WorkspaceOperation {
  input: RequestBody<"startPageEvaluation">;
}

/**
 * Refuses an obviously unusable URL (`400`), counts the start against the workspace's limit
 * (`429`; a retry with a known idempotency key is answered first and not counted), writes the
 * evaluation `queued` with its audit record (at most once per idempotency key), then queues the
 * workspace's `page-evaluations` job. Not metered: nothing is paid for.
 */
export async function startPageEvaluation(
  options: StartPageEvaluationOptions,
): Promise<PageEvaluationResponse> {
  const { ctx, workspace, principal } = options;
  const { idempotencyKey, ...request } = options.input;
  const url = checkedUrl(request.url);
  const replay = async (id: string) =>
    toPageEvaluationResponse(await ctx.prisma.pageEvaluation.findUniqueOrThrow({ where: { id } }));
  const scope = idempotencyKey
    ? {
        workspaceId: workspace.id,
        principalId: principalIdOf(principal),
        operation: "startPageEvaluation",
        key: idempotencyKey,
        request,
      }
    : undefined;
  if (scope) {
    const existing = await findIdempotentResult(ctx, scope);
    if (existing) return replay(existing);
  }
  await consumeRateLimit(ctx, [
    {
      bucket: `page-evaluations:${workspace.id}`,
      limit: ctx.config.pageEvaluations.startsPerMinute,
      windowMs: 60_000,
    },
  ]);
  let created: PageEvaluation | undefined;
  const result = await runIdempotent({
    ctx,
    scope,
    run: async (tx) => {
      const id = newId("pev", ctx.clock);
      created = await tx.pageEvaluation.create({
        data: {
          id,
          workspaceId: workspace.id,
          url: url.href,
          host: pageHost(url.hostname),
          status: "queued",
          checks: [],
          requestedByType: principal.kind === "api_key" ? "api_key" : "user",
          requestedById: principalIdOf(principal),
          idempotencyKey: idempotencyKey ?? null,
          attempts: 0,
          createdAt: ctx.clock.now(),
        },
      });
      await audit(options, tx, "page_evaluation.start", ["page_evaluation", id], {
        url: url.href,
      });
      return { resourceId: id, result: toPageEvaluationResponse(created) };
    },
    replay,
  });
  if (created) {
    const id = created.id;
    try {
      await ctx.queue.enqueue(pageEvaluationsJob, { workspaceId: workspace.id });
    } catch (error) {
      await ctx.prisma.pageEvaluation.update({
        where: { id },
        data: {
          status: "failed",
          failureReason: "interrupted",
          failureMessage: "The evaluation could not be queued; start it again.",
          finishedAt: ctx.clock.now(),
        },
      });
      throw error;
    }
  }
  return result;
}

/** An absolute http(s) URL with a host and no credentials, or `400` naming `body.url`. */
function checkedUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw errors.field("body.url", "url", "must be an absolute http or https URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw errors.field("body.url", "url", "must be an http or https URL");
  if (url.hostname === "") throw errors.field("body.url", "url", "must name a host");
  if (url.username !== "" || url.password !== "")
    throw errors.field("body.url", "url", "must not contain a user name or password");
  url.hash = "";
  return url;
}
