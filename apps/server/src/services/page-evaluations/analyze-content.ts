import { Parser } from "htmlparser2";
import type { PageCheck } from "../../web/page-check.js";

export interface AnalyzeContentOptions {
  html: string;
  /** The URL the HTML came from (after redirects). */
  url: string;
  brand: string;
  brandDomains: string[];
  competitors: Array<{ name: string; domains: string[]; aliases: string[] }>;
}

export interface ContentAnalysis {
  /** The understanding and entity checks. */
  checks: PageCheck[];
  /** The page's main content as Markdown ("what a crawler sees"), null when not extracted. */
  markdown: string | null;
  /** The page's text, for the compliance rules. */
  text: string;
  language: string | null;
  title: string | null;
}

const skipped = new Set(["script", "style", "noscript", "template", "svg", "head"]);
/** Elements that end a line of text (so a heading and the paragraph after it stay apart). */
const blocks = new Set([
  "p",
  "div",
  "section",
  "article",
  "main",
  "header",
  "footer",
  "aside",
  "nav",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "li",
  "ul",
  "ol",
  "dt",
  "dd",
  "tr",
  "td",
  "th",
  "table",
  "blockquote",
  "pre",
  "br",
  "hr",
  "figcaption",
]);

/**
 * The page's content as the evaluation reads it: checks of understanding and entity, the
 * Markdown a crawler sees, its text and language.
 *
 * TODO(w-pagetext): call `analyzePageContent` from `web/page-content/` (built on branch
 * w-pagetext) here; until it is merged this returns no checks and no Markdown, and the text
 * of the HTML outside scripts and styles (what the compliance check reads).
 */
export function analyzeContent(options: AnalyzeContentOptions): ContentAnalysis {
  const parts: string[] = [];
  let depth = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (skipped.has(name)) depth += 1;
      },
      onclosetag(name) {
        if (skipped.has(name) && depth > 0) depth -= 1;
        if (blocks.has(name)) parts.push("\n");
      },
      ontext(text) {
        if (depth === 0) parts.push(text);
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(options.html);
  parser.end();
  const text = parts
    .join("")
    .replace(/[^\S\n]+/g, " ")
    .replace(/ *\n[\s]*/g, "\n")
    .trim();
  return { checks: [], markdown: null, text, language: null, title: null };
}
