import { type DomElement, type DomNode, ELEMENT_NODE, TEXT_NODE } from "./parse-document.js";

/** Elements whose content is not text a reader sees in the initial HTML. */
export const NON_TEXT_ELEMENTS: ReadonlySet<string> = new Set([
  "head",
  "script",
  "style",
  "template",
  "noscript",
  "svg",
  "math",
  "canvas",
  "iframe",
  "object",
  "embed",
  "select",
  "textarea",
]);

const BLOCK_ELEMENTS = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "caption",
  "dd",
  "details",
  "div",
  "dl",
  "dt",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hr",
  "li",
  "main",
  "nav",
  "ol",
  "p",
  "pre",
  "section",
  "summary",
  "table",
  "td",
  "th",
  "tr",
  "ul",
]);

/**
 * The text of `root` as a reader sees it without scripts: one line per block (paragraph,
 * heading, list item, cell...), spaces collapsed, the elements in `skip` left out. Walks
 * without recursion, so deeply nested untrusted markup cannot exhaust the stack.
 */
export function collectText(root: DomNode, skip: ReadonlySet<string> = NON_TEXT_ELEMENTS): string {
  const parts: string[] = [];
  const stack: Array<DomNode | "\n"> = [root];
  while (stack.length > 0) {
    const item = stack.pop() as DomNode | "\n";
    if (item === "\n") {
      parts.push("\n");
      continue;
    }
    if (item.nodeType === TEXT_NODE) {
      parts.push(item.textContent ?? "");
      continue;
    }
    if (item.nodeType !== ELEMENT_NODE && item !== root) continue;
    const name = (item as DomElement).localName;
    if (item !== root && name !== undefined && skip.has(name)) continue;
    if (name === "br") {
      parts.push("\n");
      continue;
    }
    if (name === "td" || name === "th") parts.push(" ");
    else if (name !== undefined && BLOCK_ELEMENTS.has(name)) {
      parts.push("\n");
      stack.push("\n");
    }
    const children = item.childNodes;
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as DomNode);
  }
  return parts
    .join("")
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => line.length > 0)
    .join("\n");
}
