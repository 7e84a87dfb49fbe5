import { type DomElement, type DomNode, ELEMENT_NODE } from "./parse-document.js";

/**
 * How deeply elements nest under `root`, counted without recursion and only up to `cap` (the
 * walk stops there). Readability and turndown recurse per level, so a page nested deeper than
 * they can take is read as text instead.
 */
export function domDepth(root: DomNode, cap: number): number {
  let deepest = 0;
  const stack: Array<[DomNode, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [DomNode, number];
    if (depth > deepest) deepest = depth;
    if (deepest >= cap) return cap;
    for (const child of Array.from((node as DomElement).children ?? [])) {
      if (child.nodeType === ELEMENT_NODE) stack.push([child, depth + 1]);
    }
  }
  return deepest;
}
