import { randomUUID } from "node:crypto";
import type { Prisma } from "@geopulse/db";
import type { Logger } from "pino";
import { z } from "zod";
import type { AuthCache, AuthChange } from "./auth-cache.js";

/** The PostgreSQL (and PGlite) notification channel of auth changes. */
export const authChangeChannel = "geo_auth_invalidate";

/** A change whose transaction never committed stops fencing this process's cache after this. */
const fenceTimeoutMs = 5_000;

const noticeSchema = z.object({
  change: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("api_key"), keyId: z.string() }),
    z.object({ kind: z.literal("session"), sessionId: z.string() }),
    z.object({ kind: z.literal("member"), workspaceId: z.string(), userId: z.string() }),
  ]),
  origin: z.string(),
  fence: z.number().int(),
});

type Notice = z.infer<typeof noticeSchema> & { change: AuthChange };

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
    const notice = noticeSchema.safeParse(parseJson(payload));
    if (!notice.success) {
      // Not ours to understand (another version?): drop everything rather than keep something stale.
      this.logger.warn("unreadable auth change notice; auth cache cleared");
      this.cache.setListening(true);
      return;
    }
    this.cache.invalidate(notice.data.change);
    if (notice.data.origin === this.#origin) this.#lift(notice.data.fence);
  }

  #lift(fence: number): void {
    this.#fences.get(fence)?.();
    this.#fences.delete(fence);
  }
}

function parseJson(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
}
