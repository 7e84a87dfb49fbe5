import type { DomElement } from "./parse-document.js";

/** Evidence is kept short: a tag is cut at this many characters. */
const TAG_CHARS = 200;

/** The opening tag of `element` as serialized (attributes escaped), cut for evidence. */
export function shortTag(element: DomElement): string {
  const html = element.outerHTML;
  const end = html.indexOf(">");
  const open = end === -1 ? html : html.slice(0, end + 1);
  return open.length > TAG_CHARS ? `${open.slice(0, TAG_CHARS)}…` : open;
}
