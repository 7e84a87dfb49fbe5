import { LRUCache } from "lru-cache";
import type { DaySnapshot } from "./day-snapshot.js";
import type { DayChanges } from "./delta-significance.js";

/**
 * Metrics this server computed, by everything they depend on (day-view.ts:
 * the stored rows' inputs, with the revisions of the days read: a day's
 * rollups change only with its revision, so a hit is always current and
 * nothing needs dropping). Owned by the server's context, so two
 * servers in one process never see each other's. Each map holds at most
 * `maxEntries` (GEO_METRICS_CACHE_ENTRIES), least recently used dropped first;
 * 0 keeps nothing.
 */
export class MetricsCache {
  readonly #snapshots: LRUCache<string, DaySnapshot> | undefined;
  /** Changes between two days; `value` null when either day has no answers in scope. */
  readonly #changes: LRUCache<string, { value: DayChanges | null }> | undefined;

  constructor(maxEntries: number) {
    if (maxEntries <= 0) return;
    this.#snapshots = new LRUCache({ max: maxEntries });
    this.#changes = new LRUCache({ max: maxEntries });
  }

  snapshot(key: string): DaySnapshot | undefined {
    return this.#snapshots?.get(key);
  }

  storeSnapshot(key: string, snapshot: DaySnapshot): void {
    this.#snapshots?.set(key, snapshot);
  }

  /** The changes stored under `key`: undefined when none are, null when there were none to compute. */
  changes(key: string): DayChanges | null | undefined {
    return this.#changes?.get(key)?.value;
  }

  storeChanges(key: string, changes: DayChanges | null): void {
    this.#changes?.set(key, { value: changes });
  }
}
