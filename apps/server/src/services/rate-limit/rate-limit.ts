import type { Prisma } from "@geopulse/db";
import type { Clock } from "../../clock.js";
import { errors } from "../../errors/app-error.js";

/** The database a limit is counted in: the client, or a transaction's. */
export type RateLimitDb = Pick<Prisma.TransactionClient, "$queryRaw" | "$executeRaw">;

export interface RateLimitRule {
  /** What is counted, e.g. `device-lookup:user:<id>`. */
  bucket: string;
  limit: number;
  windowMs: number;
}

/** The slots one request took; `refund` gives them back (for limits that count failures only). */
export interface RateLimitTicket {
  refund(): Promise<void>;
}

interface Window {
  rule: RateLimitRule;
  start: Date;
  retryAfterSeconds: number;
}

/** The longest window a rule may have; counts older than this are swept (sweep-rate-limits.ts). */
export const longestWindowMs = 24 * 60 * 60_000;

function windowOf(clock: Clock, rule: RateLimitRule): Window {
  if (rule.windowMs > longestWindowMs) {
    throw new Error(
      `rate limit ${rule.bucket}: a window over ${longestWindowMs} ms would be swept`,
    );
  }
  const now = clock.now().getTime();
  const start = now - (now % rule.windowMs);
  return {
    rule,
    start: new Date(start),
    retryAfterSeconds: Math.max(1, Math.ceil((start + rule.windowMs - now) / 1000)),
  };
}

/**
 * Takes a slot in the window: one atomic upsert that counts only while the
 * window is under its limit and answers whether it did. Concurrent takers
 * (in any process) are serialized by the row, so exactly `limit` succeed.
 */
async function takeSlot(db: RateLimitDb, { rule, start }: Window): Promise<boolean> {
  const rows = await db.$queryRaw<Array<{ count: number }>>`
    INSERT INTO rate_limit_windows (bucket, window_start, count)
    VALUES (${rule.bucket}, ${start}, 1)
    ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limit_windows.count + 1
    WHERE rate_limit_windows.count < ${rule.limit}
    RETURNING count`;
  return rows.length === 1;
}

async function giveBack(db: RateLimitDb, { rule, start }: Window): Promise<void> {
  await db.$executeRaw`
    UPDATE rate_limit_windows SET count = count - 1
    WHERE bucket = ${rule.bucket} AND window_start = ${start} AND count > 0`;
}

type Taken = { ok: true; ticket: RateLimitTicket } | { ok: false; retryAfterSeconds: number };

async function takeAll(clock: Clock, rules: RateLimitRule[], db: RateLimitDb): Promise<Taken> {
  const taken: Window[] = [];
  const refund = async () => {
    for (const window of taken.splice(0)) await giveBack(db, window);
  };
  for (const rule of rules) {
    const window = windowOf(clock, rule);
    if (!(await takeSlot(db, window))) {
      await refund();
      return { ok: false, retryAfterSeconds: window.retryAfterSeconds };
    }
    taken.push(window);
  }
  return { ok: true, ticket: { refund } };
}

/**
 * Counts one request against every rule, or throws `429 rate_limited` (with
 * `Retry-After`) when a rule's window is full; a refused request counts in no
 * window. Counters live in the database, so every API process shares them.
 * `db` is a transaction's client when the count must stand or fall with it.
 */
export async function consumeRateLimit(
  ctx: { clock: Clock; prisma: RateLimitDb },
  rules: RateLimitRule[],
  db: RateLimitDb = ctx.prisma,
): Promise<RateLimitTicket> {
  const taken = await takeAll(ctx.clock, rules, db);
  if (!taken.ok) throw errors.rateLimited(taken.retryAfterSeconds);
  return taken.ticket;
}

/**
 * Like `consumeRateLimit`, but answers false instead of throwing when a window
 * is full (for caps that change the outcome rather than refuse the request).
 */
export async function tryConsumeRateLimit(
  ctx: { clock: Clock; prisma: RateLimitDb },
  rules: RateLimitRule[],
  db: RateLimitDb = ctx.prisma,
): Promise<boolean> {
  return (await takeAll(ctx.clock, rules, db)).ok;
}
