import { scanText } from "./scan-text.js";
import type { ComplianceFinding, ComplianceProfile } from "./types.js";

/**
 * The restricted claims a text makes under a workspace's compliance profile, in text order
 * (profile `none`: none). `language` is a workspace language (`en`, `es`, `ca`, `fr`, or a
 * tag such as `fr-BE`); another language is checked against the rules of all four.
 * The text is untrusted: time is linear in its length (no regular expression comes from rules).
 */
export function checkCompliance(options: {
  text: string;
  language: string;
  profile: ComplianceProfile;
}): ComplianceFinding[] {
  return scanText(options).findings.map(
    ({ sentenceIndex: _s, from: _f, to: _t, ...finding }) => finding,
  );
}
