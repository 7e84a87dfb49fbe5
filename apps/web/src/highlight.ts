export interface Term {
  /** What to find (a name or an alias), matched case-insensitively as whole words. */
  text: string;
  entity: string;
  isSelf: boolean;
}

export type Segment =
  | { kind: "text"; text: string }
  | { kind: "mention"; text: string; entity: string; isSelf: boolean };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Splits an engine's answer into plain text and mentions of the brand and its competitors,
 * longest term first so "Acme Cloud" wins over "Acme". The result is rendered as text nodes
 * (never HTML), so whatever an engine wrote stays text.
 */
export function splitMentions(answer: string, terms: readonly Term[]): Segment[] {
  const usable = terms.filter((t) => t.text.trim().length > 0);
  if (usable.length === 0 || answer.length === 0)
    return answer ? [{ kind: "text", text: answer }] : [];
  const sorted = [...usable].sort((a, b) => b.text.length - a.text.length);
  const byLower = new Map(sorted.map((t) => [t.text.toLowerCase(), t]));
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(${sorted.map((t) => escapeRegExp(t.text)).join("|")})(?![\\p{L}\\p{N}])`,
    "giu",
  );
  const segments: Segment[] = [];
  let last = 0;
  for (const match of answer.matchAll(pattern)) {
    const start = match.index;
    const found = match[0];
    const term = byLower.get(found.toLowerCase());
    if (!term) continue;
    if (start > last) segments.push({ kind: "text", text: answer.slice(last, start) });
    segments.push({ kind: "mention", text: found, entity: term.entity, isSelf: term.isSelf });
    last = start + found.length;
  }
  if (last < answer.length) segments.push({ kind: "text", text: answer.slice(last) });
  return segments;
}
