import type { PageCheck } from "../page-check.js";
import type { ContentCheckInput } from "./types.js";

const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i;

/**
 * `understanding.language`: `<html lang>` present, a well-formed BCP 47 tag, and agreeing with
 * the language the text reads as (en, es, ca, fr are detected).
 */
export function checkLanguage({ facts, detectedLanguage }: ContentCheckInput): PageCheck {
  const base = {
    id: "understanding.language",
    category: "understanding",
    title: "Language",
    severity: "low",
  } as const;
  const detected =
    detectedLanguage === null ? [] : [{ label: "text reads as", value: detectedLanguage }];
  const lang = facts.htmlLang;
  if (lang === null) {
    return {
      ...base,
      status: "warn",
      summary: "The <html> element has no lang attribute, so engines must guess the language.",
      evidence: [{ label: "html lang", value: "(none)" }, ...detected],
      fix: `Declare the language: <html lang="${detectedLanguage ?? "en"}">.`,
    };
  }
  const evidence = [{ label: "html lang", value: lang }, ...detected];
  if (!LANGUAGE_TAG.test(lang)) {
    return {
      ...base,
      status: "warn",
      summary: `The lang attribute "${lang}" is not a valid language tag.`,
      evidence,
      fix: 'Use a BCP 47 language tag such as "en", "es-ES" or "fr".',
    };
  }
  const primary = lang.toLowerCase().split("-")[0] as string;
  if (detectedLanguage !== null && detectedLanguage !== primary) {
    return {
      ...base,
      status: "warn",
      summary: `The page declares "${lang}" but its text reads as "${detectedLanguage}".`,
      evidence,
      fix: `Set <html lang="${detectedLanguage}"> (or the right regional tag) to match the text.`,
    };
  }
  return {
    ...base,
    status: "pass",
    summary: `The page declares its language ("${lang}").`,
    evidence,
    fix: null,
  };
}
