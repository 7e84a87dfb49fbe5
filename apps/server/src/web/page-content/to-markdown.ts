import TurndownService from "turndown";
import { isDataTable } from "./is-data-table.js";

/** Elements whose content never reaches the Markdown. */
const DROPPED: TurndownService.TagName[] = [
  "script",
  "style",
  "noscript",
  "template",
  "iframe",
  "object",
  "embed",
  "svg",
  "canvas",
  "form",
  "button",
  "input",
  "select",
  "textarea",
  "head",
];

/** Only these URLs become links or images; anything else (`javascript:`, `data:`…) is dropped. */
function safeUrl(raw: string | null, base: string, schemes: readonly string[]): string | null {
  if (raw === null || !URL.canParse(raw.trim(), base)) return null;
  const url = new URL(raw.trim(), base);
  if (!schemes.includes(url.protocol)) return null;
  return url.href.replace(/[()<> ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

type TurndownNode = TurndownService.Node & {
  parentNode: TurndownNode | null;
  previousElementSibling?: TurndownNode | null;
  getAttribute(name: string): string | null;
  querySelector(selectors: string): TurndownNode | null;
  querySelectorAll(selectors: string): ArrayLike<TurndownNode>;
};

function closestTable(node: TurndownNode): TurndownNode | null {
  let current = node.parentNode;
  while (current !== null && current.nodeName !== "TABLE") current = current.parentNode;
  return current;
}

/**
 * HTML (the page's main content) to Markdown, for "what a crawler sees": turndown (ATX
 * headings, fenced code, `-` bullets) parsing with its bundled domino, which runs nothing. The
 * result carries no raw HTML: scripts, styles, forms and embeds are dropped, text that looks
 * like a tag is escaped (`\<script>`), links keep only http(s) and mailto targets and images
 * only http(s) sources, resolved against `baseUrl`. Data tables become GFM tables (own rules:
 * the GFM plugins keep tables they cannot convert as raw HTML); layout tables become paragraphs.
 */
export function htmlToMarkdown(options: { html: string; baseUrl: string }): string {
  const { baseUrl } = options;
  const service = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "_",
    hr: "---",
  });
  const escapeMarkdown = service.escape.bind(service);
  service.escape = (text: string) =>
    escapeMarkdown(text)
      .replace(/</g, "\\<")
      .replace(/&(?=#?[a-z0-9]+;)/gi, "\\&");
  service.remove(DROPPED);

  service.addRule("safeLink", {
    filter: (node) => node.nodeName === "A",
    replacement: (content, node) => {
      const element = node as TurndownNode;
      const href = safeUrl(element.getAttribute("href"), baseUrl, ["http:", "https:", "mailto:"]);
      if (href === null || content.trim() === "") return content;
      const title = oneLine(element.getAttribute("title") ?? "").replace(/["\\]/g, "\\$&");
      return `[${content}](${href}${title === "" ? "" : ` "${title}"`})`;
    },
  });
  service.addRule("safeImage", {
    filter: "img",
    replacement: (_content, node) => {
      const element = node as TurndownNode;
      const alt = oneLine(element.getAttribute("alt") ?? "").replace(/[[\]\\<]/g, "\\$&");
      const src = safeUrl(element.getAttribute("src"), baseUrl, ["http:", "https:"]);
      return src === null ? alt : `![${alt}](${src})`;
    },
  });

  const dataTables = new WeakMap<object, boolean>();
  const dataTableOf = (table: TurndownNode): boolean => {
    let known = dataTables.get(table);
    if (known === undefined) {
      known = isDataTable(table);
      dataTables.set(table, known);
    }
    return known;
  };
  const inDataTable = (node: TurndownNode) => {
    const table = closestTable(node);
    return table !== null && dataTableOf(table);
  };
  service.addRule("tableCell", {
    filter: (node) =>
      (node.nodeName === "TD" || node.nodeName === "TH") && inDataTable(node as TurndownNode),
    replacement: (content, node) => {
      const first = ((node as TurndownNode).previousElementSibling ?? null) === null;
      const cell = content.replace(/\s+/g, " ").replace(/\|/g, "\\|").trim();
      return `${first ? "| " : " "}${cell} |`;
    },
  });
  service.addRule("tableRow", {
    filter: (node) => node.nodeName === "TR" && inDataTable(node as TurndownNode),
    replacement: (content, node) => {
      const table = closestTable(node as TurndownNode);
      if (table?.querySelector("tr") !== node) return `\n${content}`;
      const columns = (node as TurndownNode).querySelectorAll("td, th").length;
      return `\n${content}\n|${" --- |".repeat(columns)}`;
    },
  });
  service.addRule("tableSection", {
    filter: (node) =>
      ["THEAD", "TBODY", "TFOOT"].includes(node.nodeName) && inDataTable(node as TurndownNode),
    replacement: (content) => content,
  });
  service.addRule("tableCaption", {
    filter: "caption",
    replacement: () => "",
  });
  service.addRule("table", {
    filter: (node) => node.nodeName === "TABLE" && dataTableOf(node as TurndownNode),
    replacement: (content, node) => {
      const caption = oneLine((node as TurndownNode).querySelector("caption")?.textContent ?? "");
      const rows = content.replace(/\n+/g, "\n").trim();
      return `\n\n${caption === "" ? "" : `${service.escape(caption)}\n\n`}${rows}\n\n`;
    },
  });

  return service
    .turndown(options.html)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
