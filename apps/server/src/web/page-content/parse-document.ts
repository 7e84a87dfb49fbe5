import { parseHTML } from "linkedom";

/**
 * The part of the DOM the content checks use. The server compiles without the DOM library, so
 * linkedom's document is seen through these structural types.
 */
export interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  parentNode: DomNode | null;
  childNodes: ArrayLike<DomNode>;
  cloneNode(deep: boolean): DomNode;
}

export interface DomElement extends DomNode {
  tagName: string;
  localName: string;
  id: string;
  outerHTML: string;
  innerHTML: string;
  children: ArrayLike<DomElement>;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
  querySelector(selectors: string): DomElement | null;
  closest(selectors: string): DomElement | null;
  remove(): void;
}

export interface DomDocument extends DomNode {
  documentElement: DomElement | null;
  body: DomElement | null;
  head: DomElement | null;
  querySelectorAll(selectors: string): ArrayLike<DomElement>;
  querySelector(selectors: string): DomElement | null;
}

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

const HEAD_ONLY = new Set(["title", "meta", "link", "base", "style", "script", "noscript"]);

/**
 * Parses HTML into an inert document (linkedom over htmlparser2): nothing is executed and
 * nothing is fetched; scripts stay text, images and styles are never loaded. linkedom does not
 * infer omitted `<html>`, `<head>` and `<body>` tags (valid HTML), so a page without them is
 * rebuilt with them once: the leading head-only elements into the head, the rest into the body.
 */
export function parseDocument(html: string): DomDocument {
  const parse = (source: string) => parseHTML(source).document as unknown as DomDocument;
  let document = parse(html);
  // Without an <html> element first, linkedom takes the first element as the root (or none).
  if (document.documentElement?.localName !== "html") {
    document = parse(`<html>${html.replace(/^\s*<!doctype[^>]*>/i, "")}</html>`);
  }
  const root = document.documentElement;
  if (root === null || root.localName !== "html")
    return parse("<html><head></head><body></body></html>");
  if ((document.body?.childNodes.length ?? 0) > 0) return document;
  const head: string[] = [];
  const body: string[] = [];
  for (const node of Array.from(root.childNodes)) {
    if (node.nodeType !== ELEMENT_NODE) {
      if (node.nodeType === TEXT_NODE) body.push(escapeText(node.textContent ?? ""));
      continue;
    }
    const element = node as DomElement;
    if (element.localName === "head") head.push(element.innerHTML);
    else if (element.localName === "body") body.push(element.innerHTML);
    else if (body.length === 0 && HEAD_ONLY.has(element.localName)) head.push(element.outerHTML);
    else body.push(element.outerHTML);
  }
  if (body.every((part) => part.trim() === "")) return document;
  const lang = root.getAttribute("lang");
  const open =
    lang === null ? "<html>" : `<html lang="${escapeText(lang).replaceAll('"', "&quot;")}">`;
  return parseHTML(`${open}<head>${head.join("")}</head><body>${body.join("")}</body></html>`)
    .document as unknown as DomDocument;
}

function escapeText(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
