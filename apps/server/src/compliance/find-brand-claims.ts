import { foldTerm, isWordChar, toOriginal } from "../analysis/text-fold.js";
import { ruleLanguageOf } from "./compiled-rules.js";
import { scanText } from "./scan-text.js";
import type { Token } from "./tokenize.js";
import type { BrandClaimFinding, ComplianceProfile, RuleLanguage } from "./types.js";

/** Words that, opening a sentence, refer back to the previous sentence's subject. */
const REFERRING: Record<RuleLanguage, string[]> = {
  en: ["it", "its", "this", "they", "their", "these", "also", "moreover", "plus"],
  es: ["este", "esta", "estos", "su", "sus", "ademas", "tambien", "asimismo"],
  ca: ["aquest", "aquesta", "aquests", "el seu", "la seva", "els seus", "a mes", "tambe"],
  fr: ["il", "elle", "ils", "elles", "ce", "cette", "son", "sa", "ses", "cela", "ca", "de plus"],
};
const ALL_REFERRING = Object.values(REFERRING).flat();

interface Mention {
  start: number;
  end: number;
  isBrand: boolean;
}

function findMentions(text: string, names: string[], isBrand: boolean): Mention[] {
  const out: Mention[] = [];
  for (const name of new Set(names.map(foldTerm).filter((n) => n.length > 0))) {
    const needsStart = isWordChar(name[0]);
    const needsEnd = isWordChar(name[name.length - 1]);
    for (let i = text.indexOf(name); i >= 0; i = text.indexOf(name, i + 1)) {
      const end = i + name.length;
      if (needsStart && isWordChar(text[i - 1])) continue;
      if (needsEnd && isWordChar(text[end])) continue;
      out.push({ start: i, end, isBrand });
    }
  }
  return out;
}

/**
 * The restricted claims a text attributes to the brand (for `correct_claim`: an engine's answer
 * saying the brand cures X). A claim belongs to the nearest name before it in its sentence
 * (brand or one of `others`, e.g. the competitors), else the nearest after it; a sentence
 * naming nobody that opens with a referring word ("It", "Además", "Elle") or with the claim
 * itself ("Cura el acné") continues the previous sentence's last-named subject. Negated claims
 * ("Acme does not cure acne") and questions are no claims, as in `checkCompliance`.
 */
export function findBrandClaims(options: {
  text: string;
  language: string;
  profile: ComplianceProfile;
  brand: { names: string[] };
  others?: string[];
}): BrandClaimFinding[] {
  const { tokenized, findings } = scanText(options);
  if (findings.length === 0) return [];
  const { folded, tokens, sentences } = tokenized;
  const mentions = [
    ...findMentions(folded.text, options.brand.names, true),
    ...findMentions(folded.text, options.others ?? [], false),
  ].sort((a, b) => a.start - b.start || b.end - a.end || Number(b.isBrand) - Number(a.isBrand));
  const distinct: Mention[] = [];
  for (const m of mentions) {
    const last = distinct[distinct.length - 1];
    if (last === undefined || m.start >= last.end) distinct.push(m);
  }
  const language = ruleLanguageOf(options.language);
  const referring = new Set(language === null ? ALL_REFERRING : REFERRING[language]);
  // First mention starting at or after `offset` (mentions are sorted and do not overlap).
  const firstFrom = (offset: number) => {
    let lo = 0;
    let hi = distinct.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((distinct[mid] as Mention).start < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  /** The last mention inside `[start, end)`. */
  const lastBefore = (start: number, end: number) => {
    const m = distinct[firstFrom(end) - 1];
    return m !== undefined && m.start >= start && m.end <= end ? m : undefined;
  };
  const out: BrandClaimFinding[] = [];
  for (const f of findings) {
    const sentence = sentences[f.sentenceIndex];
    if (sentence === undefined) continue;
    const at = (tokens[f.from] as Token).start;
    const after = distinct[firstFrom(at)];
    let subject =
      lastBefore(sentence.start, at) ??
      (after !== undefined && after.end <= sentence.end ? after : undefined);
    const previous = sentences[f.sentenceIndex - 1];
    if (subject === undefined && previous !== undefined) {
      const first = tokens[sentence.from] as Token;
      const second = tokens[sentence.from + 1];
      const opening = [first.norm, `${first.norm} ${second?.norm ?? ""}`];
      if (f.from === sentence.from || opening.some((w) => referring.has(w))) {
        subject = lastBefore(previous.start, previous.end);
      }
    }
    if (subject?.isBrand !== true) continue;
    const start = toOriginal(folded, subject.start);
    const end = toOriginal(folded, subject.end);
    const { sentenceIndex: _s, from: _f, to: _t, ...finding } = f;
    out.push({ ...finding, brandMention: { text: options.text.slice(start, end), start, end } });
  }
  return out;
}
