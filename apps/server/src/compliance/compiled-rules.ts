import {
  type Alternative,
  type CompiledPattern,
  compileAlternative,
  compilePattern,
} from "./compile-pattern.js";
import { EU_MEDICAL_RULE_SET } from "./eu-medical-rule-set.js";
import { buildPatternIndex, type PatternIndex } from "./pattern-index.js";
import type { RuleDefinition, RuleSet } from "./rule-set-schema.js";
import type { ComplianceProfile, RuleLanguage } from "./types.js";

/** Patterns indexed by first word, with the most tokens any of them can span. */
export interface ExceptionPatterns {
  index: PatternIndex<null>;
  maxLength: number;
  count: number;
}

export interface CompiledRule {
  def: RuleDefinition;
  rewording: string;
  /** Drop a match they overlap. */
  exceptions: ExceptionPatterns;
  /** Drop every match of the rule in their sentence. */
  sentenceExceptions: ExceptionPatterns;
}

export interface CompiledRuleSet {
  version: string;
  rules: CompiledRule[];
  index: PatternIndex<CompiledRule>;
  negationWindow: number;
  negators: Set<string>;
  notAfter: Set<string>;
}

const LANGUAGES: RuleLanguage[] = ["en", "es", "ca", "fr"];
const cache = new Map<string, CompiledRuleSet>();

function compileFor(set: RuleSet, languages: RuleLanguage[]): CompiledRuleSet {
  const lexicon = (name: string): Alternative[] => {
    const lists = set.lexicons[name];
    if (lists === undefined) throw new Error(`compliance rules: unknown lexicon @${name}`);
    return languages.flatMap((l) => lists[l].map((entry) => compileAlternative(entry, `@${name}`)));
  };
  const compileAll = (lists: Record<RuleLanguage, string[]>) =>
    languages.flatMap((l) => lists[l].map((p) => compilePattern(p, lexicon)));
  const exceptionPatterns = (lists: Record<RuleLanguage, string[]>): ExceptionPatterns => {
    const patterns = compileAll(lists);
    return {
      index: buildPatternIndex(patterns.map((pattern) => ({ pattern, owner: null }))),
      maxLength: Math.max(0, ...patterns.map((p) => p.maxLength)),
      count: patterns.length,
    };
  };
  const entries: { pattern: CompiledPattern; owner: CompiledRule }[] = [];
  const rules = set.rules.map((def) => {
    const rule: CompiledRule = {
      def,
      rewording: def.rewording[languages.length === 1 ? (languages[0] as RuleLanguage) : "en"],
      exceptions: exceptionPatterns(def.exceptions),
      sentenceExceptions: exceptionPatterns(def.sentenceExceptions),
    };
    for (const pattern of compileAll(def.patterns)) entries.push({ pattern, owner: rule });
    return rule;
  });
  const words = (lists: Record<RuleLanguage, string[]>) =>
    new Set(languages.flatMap((l) => lists[l].map((w) => w.toLowerCase())));
  return {
    version: set.version,
    rules,
    index: buildPatternIndex(entries),
    negationWindow: set.negation.window,
    negators: words(set.negation.negators),
    notAfter: words(set.negation.notAfter),
  };
}

/** The primary subtag when it is a rule language (`fr-BE` -> `fr`), else null. */
export function ruleLanguageOf(language: string): RuleLanguage | null {
  const primary = language.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return (LANGUAGES as string[]).includes(primary) ? (primary as RuleLanguage) : null;
}

/**
 * The compiled rules of a profile for a language (null for profile `none`). An unknown
 * language gets the patterns of all four languages and English rewordings. Compiled once.
 */
export function compiledRulesFor(options: {
  profile: ComplianceProfile;
  language: string;
}): CompiledRuleSet | null {
  if (options.profile !== "eu_medical") return null;
  const language = ruleLanguageOf(options.language);
  const key = `${options.profile}:${language ?? "*"}`;
  let compiled = cache.get(key);
  if (compiled === undefined) {
    compiled = compileFor(EU_MEDICAL_RULE_SET, language === null ? LANGUAGES : [language]);
    cache.set(key, compiled);
  }
  return compiled;
}
