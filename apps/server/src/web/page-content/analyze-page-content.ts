import type { PageCheck } from "../page-check.js";
import { checkAnswerFirst } from "./check-answer-first.js";
import { checkBrandDomains } from "./check-brand-domains.js";
import { checkBrandName } from "./check-brand-name.js";
import { checkCanonical } from "./check-canonical.js";
import { checkCompetitors } from "./check-competitors.js";
import { checkFreshness } from "./check-freshness.js";
import { checkHeadings } from "./check-headings.js";
import { checkInitialText } from "./check-initial-text.js";
import { checkLanguage } from "./check-language.js";
import { checkListsTables } from "./check-lists-tables.js";
import { checkMetaDescription } from "./check-meta-description.js";
import { checkOutboundReferences } from "./check-outbound-references.js";
import { checkReadability } from "./check-readability.js";
import { checkStructuredData } from "./check-structured-data.js";
import { checkTitle } from "./check-title.js";
import { detectLanguage } from "./detect-language.js";
import { extractMainContent } from "./extract-main-content.js";
import { MAX_HTML_CHARS } from "./limits.js";
import { parseDocument } from "./parse-document.js";
import { readJsonLd } from "./read-json-ld.js";
import { readPageFacts } from "./read-page-facts.js";
import { htmlToMarkdown } from "./to-markdown.js";
import type { ContentCheckInput } from "./types.js";

export interface PageContentInput {
  html: string;
  /** The page's final URL (after redirects): links and the canonical are judged against it. */
  url: string;
  brand: string;
  brandDomains: string[];
  competitors: Array<{ name: string; aliases?: string[] }>;
  now: Date;
}

export interface PageContentAnalysis {
  /** Categories `understanding` and `entity`, in a stable order. */
  checks: PageCheck[];
  /** "What a crawler sees": the main content as Markdown, the title as its first heading. */
  markdown: string;
  /** The main content as plain text, one block per line. */
  text: string;
  /** `<html lang>`'s primary subtag, else the detected language (en, es, ca, fr), else null. */
  language: string | null;
  title: string | null;
  wordCount: number;
  /** How the main content was found: Readability, or the body and why. */
  extraction: {
    source: "readability" | "body";
    fallbackReason: string | null;
    /** The input or the Markdown was cut to its limit (`limits.ts`). */
    truncated: boolean;
  };
}

const checks: ReadonlyArray<(input: ContentCheckInput) => PageCheck> = [
  checkInitialText,
  checkTitle,
  checkMetaDescription,
  checkCanonical,
  checkLanguage,
  checkHeadings,
  checkStructuredData,
  checkAnswerFirst,
  checkListsTables,
  checkFreshness,
  checkOutboundReferences,
  checkReadability,
  checkBrandName,
  checkBrandDomains,
  checkCompetitors,
];

/** Plain text as one Markdown paragraph: what Markdown could read as syntax is escaped. */
function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<&|~]/g, "\\$&")
    .replace(/^(\s*)([#>+=-])/, "$1\\$2")
    .replace(/^(\s*\d+)([.)])/, "$1\\$2");
}

function primaryLanguage(lang: string | null): string | null {
  const primary = lang?.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return /^[a-z]{2,3}$/.test(primary) ? primary : null;
}

/**
 * The content checks of a page evaluation (docs/page-evaluations.md, "Content checks"): pure,
 * on the HTML as served. The HTML is untrusted: it is parsed into an inert document (no script
 * runs, nothing is fetched), read up to `MAX_HTML_CHARS`, and what it says is only quoted as
 * evidence or converted to Markdown without raw HTML.
 */
export function analyzePageContent(input: PageContentInput): PageContentAnalysis {
  const truncatedInput = input.html.length > MAX_HTML_CHARS;
  const html = truncatedInput ? input.html.slice(0, MAX_HTML_CHARS) : input.html;
  const document = parseDocument(html);
  const facts = readPageFacts({ document, url: input.url, truncatedInput });
  const content = extractMainContent({ document, facts });
  const detectedLanguage = detectLanguage(content.text === "" ? facts.bodyText : content.text);
  const language = primaryLanguage(facts.htmlLang) ?? detectedLanguage;
  const checkInput: ContentCheckInput = {
    url: input.url,
    facts,
    jsonLd: readJsonLd(facts.jsonLd),
    content,
    language,
    detectedLanguage,
    brand: input.brand,
    brandDomains: input.brandDomains,
    competitors: input.competitors,
    now: input.now,
  };
  const body = content.textOnly
    ? content.text.split("\n").map(escapeMarkdown).join("\n\n")
    : content.html === ""
      ? ""
      : htmlToMarkdown({ html: content.html, baseUrl: facts.baseUrl });
  const heading = content.title === null ? null : `# ${escapeMarkdown(content.title)}`;
  const markdown = [
    heading,
    body,
    content.truncated || truncatedInput ? "_[Content truncated]_" : null,
  ]
    .filter((part) => part !== null && part !== "")
    .join("\n\n");
  return {
    checks: checks.map((check) => check(checkInput)),
    markdown,
    text: content.text,
    language,
    title: content.title,
    wordCount: content.wordCount,
    extraction: {
      source: content.source,
      fallbackReason: content.fallbackReason,
      truncated: content.truncated || truncatedInput,
    },
  };
}
