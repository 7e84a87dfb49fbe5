import { createHash } from "node:crypto";
import type { Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db-errors.js";
import { errors } from "../../errors/app-error.js";
import { newId } from "../../ids.js";

const retentionMs = 24 * 3600_000;

export interface IdempotencyScope {
  workspaceId: string;
  /** Who sent it: keys are scoped per workspace and principal. */
  principalId: string;
  operation: string;
  key: string;
  /** The request, without the idempotency key itself. */
  request: unknown;
}

/** Stable hash of a JSON value (object keys sorted). */
export function requestHash(value: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.entries(v as Record<string, unknown>)
              .filter(([, inner]) => inner !== undefined)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([k, inner]) => [k, canonical(inner)]),
          )
        : v;
  return createHash("sha256")
    .update(JSON.stringify(canonical(value)))
    .digest("hex");
}

/**
 * The resource an earlier request with this idempotency key produced, or
 * undefined for a first request. The same key with another body is a 409.
 */
export async function findIdempotentResult(
  ctx: AppContext,
  scope: IdempotencyScope,
): Promise<string | undefined> {
  const record = await ctx.prisma.idempotencyRecord.findUnique({
    where: {
      workspaceId_principalId_operation_key: {
        workspaceId: scope.workspaceId,
        principalId: scope.principalId,
        operation: scope.operation,
        key: scope.key,
      },
    },
  });
  if (!record || record.expiresAt <= ctx.clock.now()) return undefined;
  if (record.requestHash !== requestHash(scope.request)) {
    throw errors.idempotencyKeyReused();
  }
  return record.resourceId;
}

/**
 * Records the first result inside the operation's transaction. A concurrent
 * request with the same key loses on the unique constraint and rolls back.
 */
export async function recordIdempotentResult(
  ctx: AppContext,
  tx: Prisma.TransactionClient,
  scope: IdempotencyScope,
  resourceId: string,
): Promise<void> {
  const now = ctx.clock.now();
  const where = {
    workspaceId_principalId_operation_key: {
      workspaceId: scope.workspaceId,
      principalId: scope.principalId,
      operation: scope.operation,
      key: scope.key,
    },
  };
  // An expired record of the same key is replaced.
  await tx.idempotencyRecord.deleteMany({
    where: { ...where.workspaceId_principalId_operation_key, expiresAt: { lte: now } },
  });
  await tx.idempotencyRecord.create({
    data: {
      id: newId("idem", ctx.clock),
      ...where.workspaceId_principalId_operation_key,
      requestHash: requestHash(scope.request),
      resourceId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + retentionMs),
    },
  });
}

export interface RunIdempotentOptions<R> {
  ctx: AppContext;
  /** Undefined when the request carried no idempotency key. */
  scope: IdempotencyScope | undefined;
  /** Does the work in one transaction; returns the resource id and the answer. */
  run: (tx: Prisma.TransactionClient) => Promise<{ resourceId: string; result: R }>;
  /** Rebuilds the answer for a retry from the stored resource id. */
  replay: (resourceId: string) => Promise<R>;
}

/**
 * Runs an operation at most once per idempotency key: a retry (or a request
 * racing the first) gets the first request's resource back.
 */
export async function runIdempotent<R>(options: RunIdempotentOptions<R>): Promise<R> {
  const { ctx, scope } = options;
  if (scope) {
    const existing = await findIdempotentResult(ctx, scope);
    if (existing) return options.replay(existing);
  }
  try {
    return await ctx.prisma.$transaction(async (tx) => {
      const { resourceId, result } = await options.run(tx);
      if (scope) await recordIdempotentResult(ctx, tx, scope, resourceId);
      return result;
    });
  } catch (error) {
    if (scope && isUniqueViolation(error)) {
      const existing = await findIdempotentResult(ctx, scope);
      if (existing) return options.replay(existing);
    }
    throw error;
  }
}
