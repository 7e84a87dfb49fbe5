import type { Scope } from "@geopulse/api-types";
import { LRUCache } from "lru-cache";
import type { Role, WorkspaceAccess } from "../../http/principal.js";
import type { KeyState } from "../api-keys/key-state.js";

/** What authentication needs of an API key row (never the secret; the cache key is its HMAC). */
export interface CachedApiKey {
  id: string;
  workspaceId: string;
  workspaceSlug: string;
  scopes: Scope[];
  allowedCidrs: string[];
  state: KeyState;
  deliveryExpiresAt: Date | null;
  graceEndsAt: Date | null;
  secretHead: string;
  last4: string;
  lastUsedAt: Date | null;
  createdByUserId: string | null;
  /** The creator's current role in the key's workspace; null when they are no longer a member. */
  role: Role | null;
}

/** A session row by the SHA-256 of its token. */
export interface CachedSession {
  id: string;
  userId: string;
  email: string;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** What changed; every process drops what it holds of it. */
export type AuthChange =
  | { kind: "api_key"; keyId: string }
  | { kind: "session"; sessionId: string }
  | { kind: "member"; workspaceId: string; userId: string };

export interface AuthCacheOptions {
  /** How long an entry may be served without being read again (0 disables the cache). */
  ttlMs: number;
  /** Entries per map. */
  maxEntries: number;
}

/**
 * Verified API keys, sessions and memberships, kept briefly in this process.
 * Entries hold rows, not verdicts: states, expiry and grace are decided by the
 * clock on every hit. Changes drop entries at once (`invalidate`, fed by the
 * change's own transaction and by LISTEN/NOTIFY from every process).
 *
 * A read that raced with a change must not put the old row back: a reader
 * takes `generation()` before it reads the database and `store*` ignores the
 * row if an invalidation happened since, or while a change of this process is
 * still uncommitted (`fence`).
 */
export class AuthCache {
  readonly #keys: LRUCache<string, CachedApiKey> | undefined;
  readonly #sessions: LRUCache<string, CachedSession> | undefined;
  readonly #members: LRUCache<string, WorkspaceAccess & { userId: string }> | undefined;
  #generation = 0;
  #fences = 0;
  /** False while changes from other processes may go unheard (no LISTEN connection). */
  #listening = false;

  constructor(options: AuthCacheOptions) {
    if (options.ttlMs <= 0 || options.maxEntries <= 0) return;
    const settings = { max: options.maxEntries, ttl: options.ttlMs, updateAgeOnGet: false };
    this.#keys = new LRUCache(settings);
    this.#sessions = new LRUCache(settings);
    this.#members = new LRUCache(settings);
  }

  get enabled(): boolean {
    return this.#keys !== undefined && this.#listening;
  }

  /** Taken before a database read whose result may be stored. */
  generation(): number {
    return this.#generation;
  }

  apiKey(secretHash: string): CachedApiKey | undefined {
    return this.enabled ? this.#keys?.get(secretHash) : undefined;
  }

  storeApiKey(generation: number, secretHash: string, key: CachedApiKey): void {
    if (this.#mayStore(generation)) this.#keys?.set(secretHash, key);
  }

  session(tokenHash: string): CachedSession | undefined {
    return this.enabled ? this.#sessions?.get(tokenHash) : undefined;
  }

  storeSession(generation: number, tokenHash: string, session: CachedSession): void {
    if (this.#mayStore(generation)) this.#sessions?.set(tokenHash, session);
  }

  /** Only granted access is kept; a refusal is read again next time. */
  membership(userId: string, slug: string): WorkspaceAccess | undefined {
    const entry = this.enabled ? this.#members?.get(memberKey(userId, slug)) : undefined;
    return entry && { id: entry.id, slug: entry.slug, role: entry.role };
  }

  storeMembership(generation: number, userId: string, access: WorkspaceAccess): void {
    if (this.#mayStore(generation)) {
      this.#members?.set(memberKey(userId, access.slug), { ...access, userId });
    }
  }

  /** Drops every entry the change touches (a scan: changes are rare, reads are not). */
  invalidate(change: AuthChange): void {
    this.#generation++;
    switch (change.kind) {
      case "api_key":
        dropWhere(this.#keys, (key) => key.id === change.keyId);
        break;
      case "session":
        dropWhere(this.#sessions, (session) => session.id === change.sessionId);
        break;
      case "member":
        dropWhere(
          this.#members,
          (member) => member.id === change.workspaceId && member.userId === change.userId,
        );
        // The keys this member created act with their role: read it again.
        dropWhere(
          this.#keys,
          (key) => key.workspaceId === change.workspaceId && key.createdByUserId === change.userId,
        );
        break;
    }
  }

  /** No entry is stored until the returned function runs (this process's change committed or failed). */
  fence(): () => void {
    this.#fences++;
    let lifted = false;
    return () => {
      if (lifted) return;
      lifted = true;
      this.#fences--;
      this.#generation++;
    };
  }

  /** Whether changes from every process reach this cache; off drops everything held. */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.#generation++;
    this.#keys?.clear();
    this.#sessions?.clear();
    this.#members?.clear();
  }

  #mayStore(generation: number): boolean {
    return this.enabled && this.#fences === 0 && generation === this.#generation;
  }
}

function memberKey(userId: string, slug: string): string {
  return `${userId}\n${slug}`;
}

function dropWhere<V extends {}>(
  cache: LRUCache<string, V> | undefined,
  matches: (value: V) => boolean,
): void {
  if (!cache) return;
  for (const [key, value] of cache.entries()) if (matches(value)) cache.delete(key);
}
