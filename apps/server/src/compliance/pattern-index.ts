import type { CompiledPattern, TokenTest } from "./compile-pattern.js";
import { buildTokenTestIndex } from "./token-test-index.js";
import type { Token } from "./tokenize.js";

export interface IndexedPattern<T> {
  pattern: CompiledPattern;
  owner: T;
}

export interface PatternIndex<T> {
  /** The patterns whose first token test accepts `token` (each once). */
  candidates(token: Token): readonly IndexedPattern<T>[];
}

/** Indexes patterns by their first token test, so a token is tried only against plausible ones. */
export function buildPatternIndex<T>(entries: IndexedPattern<T>[]): PatternIndex<T> {
  const tests: [TokenTest, IndexedPattern<T>][] = [];
  for (const e of entries) {
    const first = e.pattern.elements[0];
    if (first?.kind !== "alts") continue;
    for (const alt of first.alts) tests.push([alt[0] as TokenTest, e]);
  }
  const index = buildTokenTestIndex(tests, 20_000);
  return { candidates: (token) => index.lookup(token.norm, token.isNumber) };
}
