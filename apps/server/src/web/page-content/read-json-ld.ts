/** What the JSON-LD blocks of a page say, as far as the checks need. */
export interface JsonLdReport {
  blocks: number;
  /** Blocks that are not valid JSON: their index (from 0) and the parser's message. */
  errors: Array<{ block: number; message: string }>;
  /** Every `@type` found at any depth (including `@graph`), without a schema.org prefix. */
  types: string[];
  /** `datePublished` / `dateModified` of any typed node. */
  dates: Array<{ key: "datePublished" | "dateModified"; value: string; type: string }>;
}

/** Nodes visited per page at most (a huge JSON-LD block is read only in part). */
const MAX_NODES = 100_000;

function typeNames(value: unknown): string[] {
  const list = Array.isArray(value) ? value : [value];
  return list
    .filter((v): v is string => typeof v === "string")
    .map((v) => v.trim().replace(/^(https?:\/\/schema\.org\/|schema:)/i, ""))
    .filter((v) => v !== "");
}

/**
 * Parses each `<script type="application/ld+json">` (an HTML comment or CDATA wrapper around
 * the JSON is tolerated, as search engines do) and walks the result without recursion.
 */
export function readJsonLd(blocks: readonly string[]): JsonLdReport {
  const report: JsonLdReport = { blocks: blocks.length, errors: [], types: [], dates: [] };
  const types = new Set<string>();
  let visited = 0;
  blocks.forEach((raw, block) => {
    const source = raw
      .trim()
      .replace(/^<!--|-->$/g, "")
      .replace(/^\s*(\/\/\s*)?<!\[CDATA\[|(\/\/\s*)?\]\]>\s*$/g, "")
      .trim();
    if (source === "") {
      report.errors.push({ block, message: "the block is empty" });
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(source);
    } catch (error) {
      // JSON.parse throws SyntaxError only; its message says where the JSON breaks.
      report.errors.push({ block, message: (error as Error).message });
      return;
    }
    const stack: unknown[] = [parsed];
    while (stack.length > 0 && visited < MAX_NODES) {
      const node = stack.pop();
      visited++;
      if (Array.isArray(node)) {
        for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
        continue;
      }
      if (node === null || typeof node !== "object") continue;
      const record = node as Record<string, unknown>;
      const own = typeNames(record["@type"]);
      for (const type of own) types.add(type);
      for (const key of ["datePublished", "dateModified"] as const) {
        const value = record[key];
        if (typeof value === "string" && value.trim() !== "") {
          report.dates.push({ key, value: value.trim(), type: own[0] ?? "(untyped)" });
        }
      }
      const entries = Object.entries(record);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, value] = entries[i] as [string, unknown];
        if (key !== "@type" && value !== null && typeof value === "object") stack.push(value);
      }
    }
  });
  report.types = [...types];
  return report;
}
