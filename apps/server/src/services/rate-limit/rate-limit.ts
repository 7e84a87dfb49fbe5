import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";

export interface RateLimitRule {
  /** What is counted, e.g. `device-lookup:user:<id>`. */
  bucket: string;
  limit: number;
  windowMs: number;
}

function windowOf(
  ctx: AppContext,
  rule: RateLimitRule,
): { start: Date; retryAfterSeconds: number } {
  const now = ctx.clock.now().getTime();
  const start = now - (now % rule.windowMs);
  return {
    start: new Date(start),
    retryAfterSeconds: Math.max(1, Math.ceil((start + rule.windowMs - now) / 1000)),
  };
}

/**
 * Throws 429 when any rule's current window is already full. Counters live in
 * the database, so every API process shares them.
 */
export async function assertUnderRateLimit(ctx: AppContext, rules: RateLimitRule[]): Promise<void> {
  for (const rule of rules) {
    const { start, retryAfterSeconds } = windowOf(ctx, rule);
    const row = await ctx.prisma.rateLimitWindow.findUnique({
      where: { bucket_windowStart: { bucket: rule.bucket, windowStart: start } },
      select: { count: true },
    });
    if ((row?.count ?? 0) >= rule.limit) throw errors.rateLimited(retryAfterSeconds);
  }
}

/** Counts one hit against each rule (one atomic upsert per rule). */
export async function recordRateLimitHit(ctx: AppContext, rules: RateLimitRule[]): Promise<void> {
  for (const rule of rules) {
    const { start } = windowOf(ctx, rule);
    await ctx.prisma.$executeRaw`
      INSERT INTO rate_limit_windows (bucket, window_start, count)
      VALUES (${rule.bucket}, ${start}, 1)
      ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limit_windows.count + 1`;
  }
}

/** Counts the hit, then throws 429 if it went over: for limits on every attempt. */
export async function consumeRateLimit(ctx: AppContext, rules: RateLimitRule[]): Promise<void> {
  await assertUnderRateLimit(ctx, rules);
  await recordRateLimitHit(ctx, rules);
}
