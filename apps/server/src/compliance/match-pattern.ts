import type { Alternative, CompiledPattern, PatternElement } from "./compile-pattern.js";
import type { Token } from "./tokenize.js";

function matchesAlternative(tokens: Token[], pos: number, to: number, alt: Alternative): boolean {
  if (pos + alt.length > to) return false;
  for (let k = 0; k < alt.length; k++) {
    const t = tokens[pos + k] as Token;
    const test = alt[k];
    if (test === undefined) return false;
    if (
      test.kind === "exact"
        ? t.norm !== test.value
        : test.kind === "prefix"
          ? !t.norm.startsWith(test.value)
          : !t.isNumber
    ) {
      return false;
    }
  }
  return true;
}

function matchFrom(
  tokens: Token[],
  pos: number,
  to: number,
  elements: PatternElement[],
  k: number,
): number {
  const el = elements[k];
  if (el === undefined) return pos;
  if (el.kind === "gap") {
    for (let g = 0; g <= el.max && pos + g <= to; g++) {
      const end = matchFrom(tokens, pos + g, to, elements, k + 1);
      if (end >= 0) return end;
    }
    return -1;
  }
  const token = tokens[pos];
  if (pos >= to || token === undefined) return -1;
  for (const alt of el.byFirst.lookup(token.norm, token.isNumber)) {
    if (!matchesAlternative(tokens, pos, to, alt)) continue;
    const end = matchFrom(tokens, pos + alt.length, to, elements, k + 1);
    if (end >= 0) return end;
  }
  return -1;
}

/**
 * The exclusive end token index of `pattern` matched at token `pos` (not beyond `to`), or -1.
 * Gaps prefer the fewest tokens. The work per start is bounded by the pattern's size alone.
 */
export function matchPatternAt(
  tokens: Token[],
  pos: number,
  to: number,
  pattern: CompiledPattern,
): number {
  return matchFrom(tokens, pos, to, pattern.elements, 0);
}
