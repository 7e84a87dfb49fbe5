import { Readability } from "@mozilla/readability";
import { capHtml } from "./cap-html.js";
import { collectText } from "./collect-text.js";
import { countWords } from "./count-words.js";
import { isDataTable } from "./is-data-table.js";
import { MAIN_HTML_BUDGET, MAX_DEPTH, READABILITY_MAX_ELEMENTS } from "./limits.js";
import type { DomDocument, DomElement } from "./parse-document.js";
import type { LinkFact, MainContent, PageFacts } from "./types.js";

/** Left out of the body when it stands in for the main content. */
const BODY_BOILERPLATE =
  "script, style, noscript, template, svg, iframe, object, embed, canvas, form, nav, header, footer, aside, dialog, [role=navigation], [role=banner], [role=contentinfo], [role=search], [aria-hidden=true], [hidden]";

function readArticle(document: DomDocument): { root: DomElement; title: string | null } | null {
  const copy = document.cloneNode(true);
  const article = new Readability(copy as never, {
    serializer: (node: unknown) => node as DomElement,
    keepClasses: false,
  }).parse();
  const root = article?.content;
  if (root === null || root === undefined) return null;
  return { root, title: article?.title?.trim() || null };
}

/**
 * The page's main content as a crawler that runs no script gets it: Mozilla Readability on a
 * copy of the initial HTML, or, when it finds nothing (or too little: under 50 words and under
 * half the body's) or the page is too large or too deeply nested (`limits.ts`), the body
 * without navigation, header, footer, aside, forms and scripts. Changes `document` then.
 */
export function extractMainContent(options: {
  document: DomDocument;
  facts: PageFacts;
}): MainContent {
  const { document, facts } = options;
  let root: DomElement | null = null;
  let title: string | null = null;
  let fallbackReason: string | null = null;
  if (facts.elementCount > READABILITY_MAX_ELEMENTS) {
    fallbackReason = `the page has ${facts.elementCount} elements, more than the ${READABILITY_MAX_ELEMENTS} main-content extraction reads`;
  } else if (facts.depth >= MAX_DEPTH) {
    fallbackReason = `elements nest ${MAX_DEPTH} levels deep or more`;
  } else {
    let article: ReturnType<typeof readArticle> = null;
    try {
      article = readArticle(document);
    } catch (error) {
      // Readability reads untrusted markup through linkedom, on a copy: if it breaks, the page
      // is still evaluated, from its body, and the reason is kept.
      fallbackReason = `Readability failed: ${(error as Error).message}`;
    }
    const words = article === null ? 0 : countWords(collectText(article.root));
    if (article !== null && words > 0 && (words >= 50 || words >= facts.bodyWords / 2)) {
      root = article.root;
      title = article.title;
    } else {
      fallbackReason ??=
        article === null
          ? "Readability found no main content"
          : `Readability found only ${words} words of the body's ${facts.bodyWords}`;
    }
  }
  const source = root === null ? "body" : "readability";
  if (root === null) {
    // The facts are read already: the document itself can lose its boilerplate.
    root = document.body ?? document.documentElement;
    for (const element of Array.from(root?.querySelectorAll(BODY_BOILERPLATE) ?? [])) {
      element.remove();
    }
  }
  title ??= facts.titles.find((t) => t !== "") ?? null;
  if (root === null) {
    return {
      source,
      fallbackReason,
      title,
      html: "",
      text: "",
      wordCount: 0,
      blocks: [],
      lists: 0,
      tables: 0,
      links: [],
      truncated: false,
      textOnly: false,
    };
  }
  const { html, truncated } = capHtml(root, MAIN_HTML_BUDGET);
  const text = collectText(root);
  const element = root;
  const blocks = Array.from(element.querySelectorAll("h1, h2, h3, h4, h5, h6, p, li")).map(
    (block) => {
      const blockText = collectText(block).replace(/\s+/g, " ").trim();
      if (block.localName === "p") return { kind: "paragraph" as const, text: blockText };
      if (block.localName === "li") return { kind: "item" as const, text: blockText };
      return { kind: "heading" as const, text: blockText, level: Number(block.localName.slice(1)) };
    },
  );
  const links: LinkFact[] = Array.from(element.querySelectorAll("a[href]")).map((a) => {
    const raw = (a.getAttribute("href") ?? "").trim();
    const href = URL.canParse(raw, facts.baseUrl) ? new URL(raw, facts.baseUrl).href : null;
    return { raw, href, text: collectText(a).replace(/\s+/g, " ").trim(), boilerplate: false };
  });
  return {
    source,
    fallbackReason,
    title,
    html,
    text,
    wordCount: countWords(text),
    blocks: blocks.filter((block) => block.text !== ""),
    lists: Array.from(element.querySelectorAll("ul, ol, dl")).filter(
      (list) => list.querySelectorAll("li, dt").length >= 2,
    ).length,
    tables: Array.from(element.querySelectorAll("table")).filter(isDataTable).length,
    links,
    truncated,
    textOnly: facts.depth >= MAX_DEPTH,
  };
}
