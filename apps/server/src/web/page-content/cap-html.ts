import { type DomElement, type DomNode, ELEMENT_NODE, TEXT_NODE } from "./parse-document.js";

/** Containers descended into at most this deep when cutting (each level serializes its child). */
const MAX_DESCENT = 40;

function escapeText(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

function serialize(node: DomNode): string {
  if (node.nodeType === ELEMENT_NODE) return (node as DomElement).outerHTML;
  if (node.nodeType === TEXT_NODE) return escapeText(node.textContent ?? "");
  return "";
}

/**
 * The inner HTML of `root`, cut to at most about `budget` characters at an element boundary:
 * whole children while they fit, then into the first child that does not (a bare opening tag:
 * its attributes do not matter to a container), closing what was opened.
 */
export function capHtml(root: DomElement, budget: number): { html: string; truncated: boolean } {
  const full = root.innerHTML;
  if (full.length <= budget) return { html: full, truncated: false };
  const parts: string[] = [];
  const closers: string[] = [];
  let remaining = budget;
  let node: DomNode = root;
  for (let depth = 0; depth < MAX_DESCENT; depth++) {
    let next: DomElement | null = null;
    for (const child of Array.from(node.childNodes)) {
      const html = serialize(child);
      if (html.length <= remaining) {
        parts.push(html);
        remaining -= html.length;
        continue;
      }
      if (child.nodeType === ELEMENT_NODE && child.childNodes.length > 0) {
        const name = (child as DomElement).localName;
        parts.push(`<${name}>`);
        closers.unshift(`</${name}>`);
        next = child as DomElement;
      }
      break;
    }
    if (next === null) break;
    node = next;
  }
  return { html: parts.join("") + closers.join(""), truncated: true };
}
