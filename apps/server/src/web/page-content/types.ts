import type { JsonLdReport } from "./read-json-ld.js";

/**
 * What the content checks read: facts taken from the initial HTML (no script run) and the
 * page's main content. Built once per page (`read-page-facts.ts`, `extract-main-content.ts`).
 */

export interface HeadingFact {
  level: number;
  text: string;
}

export interface LinkFact {
  /** Absolute URL (resolved against the page and its `<base href>`), or null when invalid. */
  href: string | null;
  /** As written in the page. */
  raw: string;
  text: string;
  /** Inside navigation, header, footer or aside (facts only; main-content links are false). */
  boilerplate: boolean;
}

export interface MetaFact {
  /** `name`, `property` or `itemprop`, lower case. */
  key: string;
  content: string;
  /** The tag as found, for evidence. */
  tag: string;
}

export interface PageFacts {
  url: string;
  /** Base for relative URLs: `<base href>` resolved against the page URL, else the page URL. */
  baseUrl: string;
  /** Every `<title>` text, trimmed (a page should have one). */
  titles: string[];
  metas: MetaFact[];
  /** `href` of each `<link rel="canonical">`, as written. */
  canonicals: string[];
  /** `<html lang>` as written, or null. */
  htmlLang: string | null;
  headings: HeadingFact[];
  /** Text of each `<script type="application/ld+json">`. */
  jsonLd: string[];
  scripts: { count: number; external: number; inlineChars: number };
  /** Trimmed text of the `<noscript>` elements. */
  noscript: string[];
  /** Framework mount points with no content (`<div id="root"></div>`), as tags. */
  emptyAppRoots: string[];
  /** Visible text of the body in the initial HTML (no script, style, template, noscript). */
  bodyText: string;
  bodyWords: number;
  /** Every link of the body. */
  links: LinkFact[];
  /** `<time>` elements: `datetime` (or text) and the tag. */
  times: Array<{ value: string; tag: string }>;
  /** Elements in the document (Readability is skipped above a limit). */
  elementCount: number;
  /** How deeply elements nest, counted up to `MAX_DEPTH` (`extract-main-content.ts`). */
  depth: number;
  /** The input was cut to the size limit before parsing. */
  truncatedInput: boolean;
}

export interface MainContent {
  /** `readability` when Mozilla Readability found an article, else `body` (boilerplate removed). */
  source: "readability" | "body";
  /** Why the body was used, when it was. */
  fallbackReason: string | null;
  title: string | null;
  /** The main content's HTML (capped), what the Markdown is made from. */
  html: string;
  /** Plain text, blocks separated by blank lines. */
  text: string;
  wordCount: number;
  /** Paragraph-like blocks in order, for the answer-first and readability checks. */
  blocks: Array<{ kind: "heading" | "paragraph" | "item"; text: string; level?: number }>;
  lists: number;
  tables: number;
  links: LinkFact[];
  /** The HTML was cut to the Markdown budget. */
  truncated: boolean;
  /** Too deeply nested for an HTML-to-Markdown conversion: the Markdown is made from `text`. */
  textOnly: boolean;
}

export interface ContentCheckInput {
  url: string;
  facts: PageFacts;
  jsonLd: JsonLdReport;
  content: MainContent;
  /** Language of the text: `<html lang>`'s primary subtag, else detected, else null. */
  language: string | null;
  /** Language detected from the text (en, es, ca, fr), or null. */
  detectedLanguage: string | null;
  brand: string;
  brandDomains: string[];
  competitors: Array<{ name: string; aliases?: string[] }>;
  now: Date;
}
