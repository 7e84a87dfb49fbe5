import type { Clock } from "../../clock.js";
import { errors } from "../../errors/app-error.js";
import type { RateLimitDb, RateLimitTicket } from "./rate-limit.js";

/** A bucket of `capacity` tokens that refills one token every `refillMs`. */
export interface TokenBucketRule {
  /** What is limited, e.g. `mcp-search:key:<id>`. */
  bucket: string;
  capacity: number;
  refillMs: number;
}

/**
 * Takes one token from the bucket in one atomic statement. The bucket is kept
 * in its GCRA form, one number per bucket: `full_at_ms`, the time at which it
 * is full again. Taking a token moves that time one refill later; a take that
 * would move it beyond `now + capacity × refill` (the bucket is empty) is
 * refused and changes nothing. Concurrent takers in any process are
 * serialized by the row, so no more than the tokens there are pass.
 */
async function takeToken(db: RateLimitDb, now: number, rule: TokenBucketRule): Promise<boolean> {
  const refill = BigInt(rule.refillMs);
  const at = BigInt(now);
  const ceiling = at + BigInt(rule.capacity) * refill;
  const rows = await db.$queryRaw<Array<{ full_at_ms: bigint }>>`
    INSERT INTO rate_limit_buckets (bucket, full_at_ms)
    VALUES (${rule.bucket}, ${at + refill})
    ON CONFLICT (bucket) DO UPDATE
      SET full_at_ms = GREATEST(rate_limit_buckets.full_at_ms, ${at}) + ${refill}
      WHERE GREATEST(rate_limit_buckets.full_at_ms, ${at}) + ${refill} <= ${ceiling}
    RETURNING full_at_ms`;
  return rows.length === 1;
}

async function returnToken(db: RateLimitDb, rule: TokenBucketRule): Promise<void> {
  await db.$executeRaw`
    UPDATE rate_limit_buckets SET full_at_ms = full_at_ms - ${BigInt(rule.refillMs)}
    WHERE bucket = ${rule.bucket}`;
}

/** Seconds until the (empty) bucket holds a token again. */
async function secondsUntilToken(
  db: RateLimitDb,
  now: number,
  rule: TokenBucketRule,
): Promise<number> {
  const rows = await db.$queryRaw<Array<{ full_at_ms: bigint }>>`
    SELECT full_at_ms FROM rate_limit_buckets WHERE bucket = ${rule.bucket}`;
  const fullAt = Number(rows[0]?.full_at_ms ?? now);
  const waitMs = fullAt - now - (rule.capacity - 1) * rule.refillMs;
  return Math.max(1, Math.ceil(waitMs / 1000));
}

/**
 * Takes a token from every bucket, or throws `429 rate_limited` with
 * `Retry-After` when one is empty (the tokens already taken for this request
 * are put back). Buckets live in the database (`rate_limit_buckets`), shared
 * by every API process; time is the app's clock. The ticket's `refund` puts
 * the tokens back, for limits that count failures only.
 */
export async function takeTokens(
  ctx: { clock: Clock; prisma: RateLimitDb },
  rules: TokenBucketRule[],
  db: RateLimitDb = ctx.prisma,
): Promise<RateLimitTicket> {
  const now = ctx.clock.now().getTime();
  const taken: TokenBucketRule[] = [];
  const refund = async () => {
    for (const rule of taken.splice(0)) await returnToken(db, rule);
  };
  for (const rule of rules) {
    if (!(await takeToken(db, now, rule))) {
      await refund();
      throw errors.rateLimited(await secondsUntilToken(db, now, rule));
    }
    taken.push(rule);
  }
  return { refund };
}
