import { randomUUID } from "node:crypto";
import type { Prisma } from "@geopulse/db";
import type { Logger } from "pino";
import type { AuthCache, AuthChange } from "./auth-cache.js";

/** The PostgreSQL (and PGlite) notification channel of auth changes. */
export const authChangeChannel = "geo_auth_invalidate";

/** A change whose transaction never committed stops fencing this process's cache after this. */
const fenceTimeoutMs = 5_000;

interface Notice {
  change: AuthChange;
  origin: string;
  fence: number;
}

/**
 * Carries auth changes to every process's AuthCache. `publish` runs inside the
 * change's transaction: it drops the entries here at once and sends
 * `pg_notify`, which PostgreSQL (or the embedded PGlite) delivers when the
 * transaction commits, to every listening process, this one included
 * (services/auth/listen-auth-changes.ts). Until its own notice comes back,
 * this process stores nothing, so a read racing with the uncommitted change
 * cannot put the old row back.
 */
export class AuthChanges {
  readonly #origin = randomUUID();
  readonly #fences = new Map<number, () => void>();
  #nextFence = 0;

  constructor(
    readonly cache: AuthCache,
    private readonly logger: Logger,
  ) {}

  async publish(tx: Prisma.TransactionClient, change: AuthChange): Promise<void> {
    this.cache.invalidate(change);
    const fence = ++this.#nextFence;
    const lift = this.cache.fence();
    const timer = setTimeout(() => this.#lift(fence), fenceTimeoutMs);
    timer.unref();
    this.#fences.set(fence, () => {
      clearTimeout(timer);
      lift();
    });
    const notice: Notice = { change, origin: this.#origin, fence };
    await tx.$executeRaw`SELECT pg_notify(${authChangeChannel}, ${JSON.stringify(notice)})`;
  }

  /** A notice from the channel (any process's committed change). */
  receive(payload: string): void {
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      // Not ours to understand: drop everything rather than keep something stale.
      this.logger.warn("unreadable auth change notice; auth cache cleared");
      this.cache.setListening(true);
      return;
    }
    this.cache.invalidate(notice.change);
    if (notice.origin === this.#origin) this.#lift(notice.fence);
  }

  #lift(fence: number): void {
    this.#fences.get(fence)?.();
    this.#fences.delete(fence);
  }
}
