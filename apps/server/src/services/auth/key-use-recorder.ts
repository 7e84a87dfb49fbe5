import type { PrismaClient } from "@geopulse/db";
import { LRUCache } from "lru-cache";

/** `lastUsedAt` moves at most once a minute per key. */
export const lastUsedResolutionMs = 60_000;

/**
 * Records API key use off the request path: a request only notes the time
 * (at most once a minute per key), and `flush` writes every noted key in one
 * UPDATE (create-app-context.ts flushes every few seconds and at shutdown).
 */
export class KeyUseRecorder {
  /** Last recorded use per key (ms), so repeat uses within the minute cost nothing. */
  readonly #recorded = new LRUCache<string, number>({ max: 10_000 });
  #pending = new Map<string, Date>();
  #flushing: Promise<void> = Promise.resolve();

  constructor(private readonly prisma: PrismaClient) {}

  note(keyId: string, storedLastUsedAt: Date | null, now: Date): void {
    const last = this.#recorded.get(keyId) ?? storedLastUsedAt?.getTime();
    if (last !== undefined && now.getTime() - last <= lastUsedResolutionMs) return;
    this.#recorded.set(keyId, now.getTime());
    this.#pending.set(keyId, now);
  }

  /** Writes what was noted; flushes run one after another. */
  flush(): Promise<void> {
    // A failed flush (already reported to its caller) does not stop the next one.
    this.#flushing = this.#flushing.catch(() => {}).then(() => this.#write());
    return this.#flushing;
  }

  async #write(): Promise<void> {
    if (this.#pending.size === 0) return;
    const batch = this.#pending;
    this.#pending = new Map();
    // Sorted: two processes updating overlapping keys take their row locks in one order.
    const ids = [...batch.keys()].sort();
    const times = ids.map((id) => (batch.get(id) as Date).toISOString());
    try {
      await this.prisma.$executeRaw`
        UPDATE api_keys AS k SET last_used_at = u.used_at
        FROM unnest(${ids}::text[], ${times}::timestamptz[]) AS u(id, used_at)
        WHERE k.id = u.id AND (k.last_used_at IS NULL OR k.last_used_at < u.used_at)`;
    } catch (error) {
      // Kept for the next flush, unless a newer use was noted meanwhile.
      for (const [keyId, at] of batch) if (!this.#pending.has(keyId)) this.#pending.set(keyId, at);
      throw error;
    }
  }
}
