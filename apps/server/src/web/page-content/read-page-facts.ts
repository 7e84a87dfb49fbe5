import { collectText } from "./collect-text.js";
import { countWords } from "./count-words.js";
import { domDepth } from "./dom-depth.js";
import { MAX_DEPTH } from "./limits.js";
import type { DomDocument, DomElement } from "./parse-document.js";
import { shortTag } from "./short-tag.js";
import type { LinkFact, MetaFact, PageFacts } from "./types.js";

/** Mount points of client-side frameworks (React, Vue, Next, Nuxt, Gatsby, Svelte, Angular…). */
const APP_ROOTS =
  "#root, #app, #__next, #__nuxt, #___gatsby, #svelte, #q-app, #main-app, #application, [data-reactroot], [ng-version], app-root";

const BOILERPLATE =
  "nav, header, footer, aside, [role=navigation], [role=banner], [role=contentinfo]";

function resolve(raw: string, base: string): string | null {
  if (!URL.canParse(raw.trim(), base)) return null;
  return new URL(raw.trim(), base).href;
}

/**
 * Reads the facts the content checks need from the initial HTML (before Readability, which
 * changes the document): head tags, headings, JSON-LD, scripts, links, `<time>` elements and
 * the visible text.
 */
export function readPageFacts(options: {
  document: DomDocument;
  url: string;
  truncatedInput: boolean;
}): PageFacts {
  const { document, url } = options;
  const all = (selector: string) => Array.from(document.querySelectorAll(selector));
  const text = (element: DomElement) => collectText(element).replace(/\s+/g, " ").trim();

  const baseHref = document.querySelector("base[href]")?.getAttribute("href") ?? null;
  const baseResolved = baseHref === null ? null : resolve(baseHref, url);
  const baseUrl = baseResolved !== null && /^https?:/.test(baseResolved) ? baseResolved : url;

  const metas: MetaFact[] = [];
  for (const meta of all("meta")) {
    const key =
      meta.getAttribute("name") ?? meta.getAttribute("property") ?? meta.getAttribute("itemprop");
    const content = meta.getAttribute("content");
    if (key === null || content === null) continue;
    metas.push({ key: key.trim().toLowerCase(), content: content.trim(), tag: shortTag(meta) });
  }

  const canonicals = all("link[rel]")
    .filter((link) =>
      (link.getAttribute("rel") ?? "").toLowerCase().split(/\s+/).includes("canonical"),
    )
    .map((link) => (link.getAttribute("href") ?? "").trim());

  const scripts = { count: 0, external: 0, inlineChars: 0 };
  const jsonLd: string[] = [];
  for (const script of all("script")) {
    const type = (script.getAttribute("type") ?? "").trim().toLowerCase();
    if (type === "application/ld+json") {
      jsonLd.push(script.textContent ?? "");
      continue;
    }
    if (type !== "" && !/javascript|ecmascript|module/.test(type)) continue;
    scripts.count++;
    if (script.hasAttribute("src")) scripts.external++;
    else scripts.inlineChars += (script.textContent ?? "").length;
  }

  const emptyAppRoots = all(APP_ROOTS)
    .filter((root) => root.children.length === 0 && (root.textContent ?? "").trim() === "")
    .map(shortTag);

  const root = document.body ?? document.documentElement;
  const bodyText = root === null ? "" : collectText(root);

  const links: LinkFact[] = all("a[href]").map((a) => {
    const raw = (a.getAttribute("href") ?? "").trim();
    return {
      raw,
      href: resolve(raw, baseUrl),
      text: text(a),
      boilerplate: a.closest(BOILERPLATE) !== null,
    };
  });

  return {
    url,
    baseUrl,
    titles: all("title")
      .filter((title) => title.closest("svg") === null)
      .map((title) => (title.textContent ?? "").replace(/\s+/g, " ").trim()),
    metas,
    canonicals,
    htmlLang: document.documentElement?.getAttribute("lang")?.trim() || null,
    headings: all("h1, h2, h3, h4, h5, h6").map((h) => ({
      level: Number(h.localName.slice(1)),
      text: text(h),
    })),
    jsonLd,
    scripts,
    noscript: all("noscript")
      .map((n) =>
        (n.textContent ?? "")
          .replace(/<[^>]*>/g, " ")
          .replace(/\s+/g, " ")
          .trim(),
      )
      .filter((n) => n.length > 0),
    emptyAppRoots,
    bodyText,
    bodyWords: countWords(bodyText),
    links,
    times: all("time").map((time) => ({
      value: (time.getAttribute("datetime") ?? time.textContent ?? "").trim(),
      tag: shortTag(time),
    })),
    elementCount: document.querySelectorAll("*").length,
    depth: document.documentElement === null ? 0 : domDepth(document.documentElement, MAX_DEPTH),
    truncatedInput: options.truncatedInput,
  };
}
