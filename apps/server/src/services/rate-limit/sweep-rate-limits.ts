import type { AppContext } from "../../context.js";
import { longestWindowMs } from "./rate-limit.js";

/**
 * Deletes the limiter's rows that no longer limit anything, so the tables stay the size of the
 * current traffic: windows that ended (none is longer than `longestWindowMs`) and token buckets
 * that are full again (a missing bucket is a full one, token-bucket.ts). Run by every process's
 * sweeper; two processes sweeping at once delete the same rows, harmlessly.
 */
export async function sweepRateLimits({
  ctx,
}: {
  ctx: Pick<AppContext, "clock" | "prisma">;
}): Promise<{ windows: number; buckets: number }> {
  const now = ctx.clock.now().getTime();
  const windows = await ctx.prisma.rateLimitWindow.deleteMany({
    where: { windowStart: { lt: new Date(now - longestWindowMs) } },
  });
  const buckets = await ctx.prisma.rateLimitBucket.deleteMany({
    where: { fullAtMs: { lte: BigInt(now) } },
  });
  return { windows: windows.count, buckets: buckets.count };
}
