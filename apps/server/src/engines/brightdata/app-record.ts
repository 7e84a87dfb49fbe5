import { z } from "zod";
import { readAnswer } from "../connectors/provider-call.js";
import { type EngineCitation, EngineError } from "../engine.js";
import { PROVIDER, type SnapshotRecord } from "./brightdata-client.js";

const link = z.object({
  url: z.string(),
  title: z.string().nullish(),
  text: z.string().nullish(),
  // ChatGPT's are numbers, Perplexity's strings (Bright Data's SDK docstring).
  position: z.union([z.number(), z.string()]).nullish(),
});
const links = z.array(link).nullish();

/**
 * The fields of an AI scraper's record the connector reads. ChatGPT's are in Bright Data's API
 * reference, Perplexity's in its SDK's notebook; Gemini's and Copilot's records are not
 * documented and are read through the same names (`answer_text`, `citations`, `links_attached`).
 */
const appRecord = z.object({
  answer_text_markdown: z.string().nullish(),
  answer_text: z.string().nullish(),
  citations: links,
  links_attached: links,
  // Read but not cited: ChatGPT's `search_sources`, Perplexity's `sources`.
  search_sources: links,
  sources: links,
  model: z.string().nullish(),
  web_search_query: z.union([z.string(), z.array(z.string())]).nullish(),
});

/** An error record (`include_errors=true`): the input failed and was not billed. */
const errorRecord = z.object({ error: z.string(), error_code: z.string().nullish() });

export interface AppAnswer {
  answer: string;
  citations: EngineCitation[];
  usedSources: EngineCitation[];
  searchQueries: string[];
  servedModel: string | null;
}

const order = (l: z.infer<typeof link>) => {
  const n = Number(l.position);
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
};

/** Links in the record's order (by position where given), each URL once. */
function distinct(list: z.infer<typeof links>, skip: ReadonlySet<string> = new Set()) {
  const seen = new Set(skip);
  const out: EngineCitation[] = [];
  const sorted = [...(list ?? [])]
    .map((l, i) => ({ l, i }))
    .sort((a, b) => order(a.l) - order(b.l) || a.i - b.i);
  for (const { l } of sorted) {
    if (!/^https?:\/\//i.test(l.url) || seen.has(l.url)) continue;
    seen.add(l.url);
    out.push({ url: l.url, title: l.title ?? l.text ?? null });
  }
  return out;
}

/**
 * What the app answered, from its record: the answer's markdown (its text when there is none),
 * the sources it cited (`citations`; the links in the answer when the record has no citations),
 * those it read without citing, its searches and the model it says served the answer. An error
 * record fails the ask for good: the collection is done, and fetching it again gives the same.
 */
export function readAppRecord(record: SnapshotRecord): AppAnswer {
  const failed = errorRecord.safeParse(record);
  if (failed.success) {
    const code = failed.data.error_code ? ` (${failed.data.error_code})` : "";
    throw new EngineError(
      `${PROVIDER} could not collect the answer${code}: ${failed.data.error.slice(0, 300)}`,
      false,
    );
  }
  const r = readAnswer(PROVIDER, appRecord, record);
  const citations = distinct(r.citations?.length ? r.citations : r.links_attached);
  const cited = new Set(citations.map((c) => c.url));
  const queries = r.web_search_query;
  return {
    answer: (r.answer_text_markdown?.trim() ? r.answer_text_markdown : r.answer_text) ?? "",
    citations,
    usedSources: distinct([...(r.search_sources ?? []), ...(r.sources ?? [])], cited),
    searchQueries: (typeof queries === "string" ? [queries] : (queries ?? [])).filter(Boolean),
    servedModel: r.model ?? null,
  };
}

/** The record of the input tagged `tag` (custom input fields come back with each record). */
export function recordTagged(
  list: readonly SnapshotRecord[],
  field: string,
  tag: string,
): SnapshotRecord | undefined {
  return list.find((record) => {
    const input = record.input as Record<string, unknown> | null | undefined;
    return record[field] === tag || (typeof input === "object" && input?.[field] === tag);
  });
}
