/**
 * Types of the compliance rules engine (pure: no HTTP, no database).
 * Rules are data (`rules/*.json`); see docs/recommendations.md, "Compliance rules".
 */

/** A workspace's compliance profile (the contract's `complianceProfile`). */
export type ComplianceProfile = "none" | "eu_medical";

/** The workspace languages the rules are written in. */
export type RuleLanguage = "en" | "es" | "ca" | "fr";

/** A span of the original text: UTF-16 offsets, `end` exclusive. */
export interface TextSpan {
  text: string;
  start: number;
  end: number;
}

/** One restricted claim found in a text. */
export interface ComplianceFinding {
  ruleId: string;
  /** The rule set's version (e.g. `eu_medical.v1`): store it beside a finding. */
  rulesVersion: string;
  regulation: string;
  article: string;
  /** What the rule restricts, in English. */
  description: string;
  /** The matched words, with their offsets in the text as given. */
  excerpt: TextSpan;
  /** The sentence the match is in (offsets in the text as given). */
  sentence: TextSpan;
  /** A compliant way to say it, in the language checked (English when unknown). */
  rewording: string;
}

/** A finding whose claim the text attributes to the brand. */
export interface BrandClaimFinding extends ComplianceFinding {
  /** The brand's name or alias the claim is attributed to. */
  brandMention: TextSpan;
}

/** A rule's public description (for documentation and review screens). */
export interface ComplianceRuleInfo {
  id: string;
  /** The rule's name per language. */
  title: Record<RuleLanguage, string>;
  regulation: string;
  article: string;
  description: string;
  sources: { title: string; url: string }[];
  rewording: Record<RuleLanguage, string>;
  /** Number of patterns per language. */
  patternCount: Record<RuleLanguage, number>;
}
