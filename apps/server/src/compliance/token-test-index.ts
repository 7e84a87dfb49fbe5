import type { TokenTest } from "./compile-pattern.js";

export interface TokenTestIndex<T> {
  /** The items whose token test accepts a token with this folded text (each once). */
  lookup(norm: string, isNumber: boolean): readonly T[];
}

const NONE: readonly never[] = [];

/**
 * Indexes items by their token test (exact word, prefix, any number), so a token is compared
 * with the few items that can accept it instead of all of them. With `cacheSize`, answers
 * per distinct token are kept (texts reuse a small vocabulary).
 */
export function buildTokenTestIndex<T>(
  entries: [TokenTest, T][],
  cacheSize = 0,
): TokenTestIndex<T> {
  const exact = new Map<string, T[]>();
  const prefix = new Map<string, T[]>();
  const numbers: T[] = [];
  const add = (map: Map<string, T[]>, key: string, item: T) => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [item]);
    else if (!list.includes(item)) list.push(item);
  };
  for (const [test, item] of entries) {
    if (test.kind === "exact") add(exact, test.value, item);
    else if (test.kind === "prefix") add(prefix, test.value, item);
    else if (!numbers.includes(item)) numbers.push(item);
  }
  const prefixLengths = [...new Set([...prefix.keys()].map((k) => k.length))].sort((a, b) => a - b);
  const cache = new Map<string, readonly T[]>();
  const compute = (norm: string, isNumber: boolean): readonly T[] => {
    const direct = exact.get(norm);
    let out: T[] | undefined;
    for (const len of prefixLengths) {
      if (len > norm.length) break;
      const list = prefix.get(norm.slice(0, len));
      if (list === undefined) continue;
      out ??= direct === undefined ? [] : [...direct];
      for (const item of list) if (!out.includes(item)) out.push(item);
    }
    if (isNumber && numbers.length > 0) {
      out ??= direct === undefined ? [] : [...direct];
      for (const item of numbers) if (!out.includes(item)) out.push(item);
    }
    return out ?? direct ?? NONE;
  };
  return {
    lookup(norm, isNumber) {
      if (cacheSize === 0) return compute(norm, isNumber);
      const cached = cache.get(norm);
      if (cached !== undefined) return cached;
      const found = compute(norm, isNumber);
      if (cache.size >= cacheSize) cache.clear();
      cache.set(norm, found);
      return found;
    },
  };
}
