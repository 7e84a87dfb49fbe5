import { LRUCache } from "lru-cache";

/** The PostgreSQL (and PGlite) channel on which database triggers announce workspace changes. */
export const workspaceChangeChannel = "geo_workspace_changed";

export interface WorkspaceReadCacheOptions {
  /** How long an entry may be served without being read again (0 disables the cache). */
  ttlMs: number;
  /** Workspaces held. */
  maxEntries: number;
  /**
   * How long notices of a run's recorded answers (`<id>:recorded`) are folded into one drop,
   * per workspace (default 1 s; real time: it only bounds how stale a read may be while a
   * run records).
   */
  recordedNoticeMs?: number;
}

/** Reads of one workspace by key; a workspace holding more starts over. */
const readsPerWorkspace = 64;

/**
 * Reads of a workspace that every request would otherwise repeat (the
 * workspace view of `GET /workspaces/{ws}`, the metrics heads of
 * services/metrics/load-metrics-head.ts, the credit balance's account and lot
 * expiry, the pending recommendations' counts), so they make no database round
 * trip.
 *
 * Invalidation: triggers on every table these reads cover (workspaces,
 * competitors, metric_days, credit_accounts, credit_lots, recommendations'
 * status, and runs' preset, status, cost and creation;
 * migration `workspace_change_notify`) send `pg_notify` with the workspace id,
 * delivered when the writing transaction commits to every listening process
 * (services/auth/listen-auth-changes.ts), which drops the workspace's entries.
 * Writes through this process's API also drop them before their response is
 * sent (http/mount-operations.ts), so the writer's next read never waits for
 * the notice. Entries are served only while the listener is up.
 *
 * A run's answer batches (several a second) mark their notices `recorded`: the first drops the
 * workspace's reads at once, later ones within `recordedNoticeMs` are folded into one drop at
 * the end of that window, so reads of a workspace whose run is recording are served from the
 * cache, at most a second old, instead of missing after every batch. Any other notice (the
 * run's end among them) drops at once.
 *
 * A read that raced with a change must not put the old value back: a reader
 * takes `generation()` before it reads the database, and `store` ignores the
 * value if any invalidation happened since. Values are frozen and shared:
 * callers must not modify them.
 */
export class WorkspaceReadCache {
  readonly #workspaces: LRUCache<string, Map<string, unknown>> | undefined;
  readonly #recordedNoticeMs: number;
  /** Workspaces in a fold window of recorded notices: whether one arrived since its drop. */
  readonly #folding = new Map<string, { pending: boolean; timer: NodeJS.Timeout }>();
  #generation = 0;
  #listening = false;

  constructor(options: WorkspaceReadCacheOptions) {
    this.#recordedNoticeMs = options.recordedNoticeMs ?? 1_000;
    if (options.ttlMs <= 0 || options.maxEntries <= 0) return;
    this.#workspaces = new LRUCache({
      max: options.maxEntries,
      ttl: options.ttlMs,
      updateAgeOnGet: false,
    });
  }

  get enabled(): boolean {
    return this.#workspaces !== undefined && this.#listening;
  }

  /** Taken before a database read whose result may be stored. */
  generation(): number {
    return this.#generation;
  }

  get<T>(workspaceId: string, key: string): T | undefined {
    if (!this.enabled) return undefined;
    return this.#workspaces?.get(workspaceId)?.get(key) as T | undefined;
  }

  store<T extends object>(generation: number, workspaceId: string, key: string, value: T): void {
    const workspaces = this.#workspaces;
    if (!workspaces || !this.enabled || generation !== this.#generation) return;
    let reads = workspaces.get(workspaceId);
    if (!reads || reads.size >= readsPerWorkspace) {
      reads = new Map();
      workspaces.set(workspaceId, reads);
    }
    reads.set(key, deepFreeze(value));
  }

  /**
   * The workspace's value under `key`: the cached one, else `load()`'s, kept
   * unless a change arrived while it was read.
   */
  async read<T extends object>(
    workspaceId: string,
    key: string,
    load: () => Promise<T>,
  ): Promise<T> {
    const cached = this.get<T>(workspaceId, key);
    if (cached) return cached;
    const generation = this.generation();
    const value = await load();
    this.store(generation, workspaceId, key, value);
    return value;
  }

  /** Drops the workspace's reads (every workspace's without an id). */
  invalidate(workspaceId?: string): void {
    this.#generation++;
    if (workspaceId === undefined) this.#workspaces?.clear();
    else this.#workspaces?.delete(workspaceId);
  }

  /** Whether changes from every process reach this cache; either way drops everything held. */
  setListening(listening: boolean): void {
    this.#listening = listening;
    this.invalidate();
  }

  /** A notice from the channel: the id of a workspace that changed, and maybe the write's kind. */
  receive(payload: string): void {
    const [workspaceId = "", kind] = payload.split(":", 2);
    const folding = workspaceId === "" ? undefined : this.#folding.get(workspaceId);
    if (workspaceId === "") this.invalidate();
    else if (kind !== "recorded" || this.#recordedNoticeMs <= 0) this.invalidate(workspaceId);
    else if (folding) folding.pending = true;
    else {
      this.invalidate(workspaceId);
      this.#fold(workspaceId);
    }
  }

  /** Opens a fold window: a recorded notice within it drops once, at its end. */
  #fold(workspaceId: string): void {
    const timer = setTimeout(() => {
      const pending = this.#folding.get(workspaceId)?.pending;
      this.#folding.delete(workspaceId);
      if (!pending) return;
      this.invalidate(workspaceId);
      this.#fold(workspaceId);
    }, this.#recordedNoticeMs);
    timer.unref();
    this.#folding.set(workspaceId, { pending: false, timer });
  }

  /** Ends every fold window (the server stops). */
  close(): void {
    for (const { timer } of this.#folding.values()) clearTimeout(timer);
    this.#folding.clear();
  }
}

/** A caller that modified a shared value fails loudly instead of serving it changed. */
function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  if (value instanceof Date) return value;
  for (const item of Object.values(value)) deepFreeze(item);
  return Object.freeze(value);
}
