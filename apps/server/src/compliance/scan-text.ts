import { toOriginal } from "../analysis/text-fold.js";
import {
  type CompiledRule,
  type CompiledRuleSet,
  compiledRulesFor,
  type ExceptionPatterns,
} from "./compiled-rules.js";
import { matchPatternAt } from "./match-pattern.js";
import { type Token, type TokenizedText, tokenize } from "./tokenize.js";
import type { ComplianceFinding, ComplianceProfile } from "./types.js";

/** A finding with the token positions it came from. */
export interface ScannedFinding extends ComplianceFinding {
  sentenceIndex: number;
  /** Token indices `[from, to)` of the match. */
  from: number;
  to: number;
}

export interface ScannedText {
  tokenized: TokenizedText;
  findings: ScannedFinding[];
}

/** A negator within the window before `from`, in the same clause, not followed by "only". */
function isNegated(set: CompiledRuleSet, tokens: Token[], from: number, sentenceFrom: number) {
  const clause = (tokens[from] as Token).clause;
  for (let i = from - 1; i >= Math.max(sentenceFrom, from - set.negationWindow); i--) {
    const t = tokens[i] as Token;
    if (t.clause !== clause) return false;
    if (set.negators.has(t.norm) && !set.notAfter.has(tokens[i + 1]?.norm ?? "")) return true;
  }
  return false;
}

/** Whether an exception matches tokens overlapping `span`, or anywhere in the sentence without one. */
function anyMatch(
  tokens: Token[],
  sentence: { from: number; to: number },
  exceptions: ExceptionPatterns,
  span?: { from: number; to: number },
): boolean {
  if (exceptions.count === 0) return false;
  const first =
    span === undefined
      ? sentence.from
      : Math.max(sentence.from, span.from - exceptions.maxLength + 1);
  const last = span === undefined ? sentence.to : span.to;
  for (let i = first; i < last; i++) {
    for (const { pattern } of exceptions.index.candidates(tokens[i] as Token)) {
      const end = matchPatternAt(tokens, i, sentence.to, pattern);
      if (end >= 0 && (span === undefined || end > span.from)) return true;
    }
  }
  return false;
}

/**
 * Finds the restricted claims of `text` under a profile: every rule pattern is tried at every
 * token (through an index of first words), a match preceded by a negator in its clause is no
 * claim (unless the pattern carries its own negation), questions assert nothing, and a rule's
 * exceptions drop its matches. Overlapping matches of one rule merge into one finding.
 */
export function scanText(options: {
  text: string;
  language: string;
  profile: ComplianceProfile;
}): ScannedText {
  const tokenized = tokenize(options.text);
  const set = compiledRulesFor({ profile: options.profile, language: options.language });
  if (set === null) return { tokenized, findings: [] };
  const { tokens, sentences, folded } = tokenized;
  const findings: ScannedFinding[] = [];
  const original = (start: number, end: number) => {
    const s = toOriginal(folded, start);
    const e = toOriginal(folded, end);
    return { text: options.text.slice(s, e), start: s, end: e };
  };
  sentences.forEach((sentence, sentenceIndex) => {
    if (sentence.isQuestion) return;
    const byRule = new Map<CompiledRule, { from: number; to: number }[]>();
    for (let i = sentence.from; i < sentence.to; i++) {
      for (const { pattern, owner } of set.index.candidates(tokens[i] as Token)) {
        const end = matchPatternAt(tokens, i, sentence.to, pattern);
        if (end < 0) continue;
        if (!pattern.ownNegation && isNegated(set, tokens, i, sentence.from)) continue;
        const spans = byRule.get(owner) ?? [];
        const last = spans[spans.length - 1];
        if (last !== undefined && i < last.to) last.to = Math.max(last.to, end);
        else spans.push({ from: i, to: end });
        byRule.set(owner, spans);
      }
    }
    for (const [rule, spans] of byRule) {
      if (anyMatch(tokens, sentence, rule.sentenceExceptions)) continue;
      for (const span of spans) {
        if (anyMatch(tokens, sentence, rule.exceptions, span)) continue;
        findings.push({
          ruleId: rule.def.id,
          rulesVersion: set.version,
          regulation: rule.def.regulation,
          article: rule.def.article,
          description: rule.def.description,
          excerpt: original((tokens[span.from] as Token).start, (tokens[span.to - 1] as Token).end),
          sentence: original(sentence.start, sentence.end),
          rewording: rule.rewording,
          sentenceIndex,
          from: span.from,
          to: span.to,
        });
      }
    }
  });
  findings.sort((a, b) => a.excerpt.start - b.excerpt.start || a.ruleId.localeCompare(b.ruleId));
  return { tokenized, findings };
}
