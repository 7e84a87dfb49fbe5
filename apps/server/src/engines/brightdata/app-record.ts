import { z } from "zod";
import { dedupeCitations, distinct, usedNotCited } from "../connectors/citations.js";
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
type Link = z.infer<typeof link>;
/** Links read one by one: a malformed one (a null `url`) is dropped, not the whole record. */
const links = z
  .array(z.unknown())
  .nullish()
  .transform((items) =>
    (items ?? []).flatMap((item) => {
      const parsed = link.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
  );

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
  model: z.string().max(200).nullish(),
  web_search_query: z.union([z.string(), z.array(z.unknown())]).nullish(),
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

/** Most search queries kept per answer, each at most this long. */
const MAX_QUERIES = 20;
const MAX_QUERY_LENGTH = 500;

const order = (l: Link) => {
  const n = Number(l.position);
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
};

/** Web links (http or https) in the record's order (by position where given). */
function web(list: readonly Link[]): Array<{ url: string; title: string | null }> {
  return list
    .map((l, i) => ({ l, i }))
    .sort((a, b) => order(a.l) - order(b.l) || a.i - b.i)
    .map(({ l }) => ({ url: l.url.trim(), title: l.title ?? l.text ?? null }))
    .filter((l) => /^https?:\/\//i.test(l.url));
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
    const code = failed.data.error_code ? ` (${failed.data.error_code.slice(0, 60)})` : "";
    throw new EngineError(
      `${PROVIDER} could not collect the answer${code}: ${failed.data.error.slice(0, 300)}`,
      false,
    );
  }
  const r = readAnswer(PROVIDER, appRecord, record);
  const citations = dedupeCitations(web(r.citations.length ? r.citations : r.links_attached));
  const queries = r.web_search_query;
  return {
    answer: (r.answer_text_markdown?.trim() ? r.answer_text_markdown : r.answer_text) ?? "",
    citations,
    usedSources: usedNotCited(web([...r.search_sources, ...r.sources]), citations),
    searchQueries: distinct(
      (typeof queries === "string" ? [queries] : (queries ?? []))
        .filter((q): q is string => typeof q === "string")
        .map((q) => q.slice(0, MAX_QUERY_LENGTH)),
    ).slice(0, MAX_QUERIES),
    servedModel: r.model ?? null,
  };
}

/** The tag a record carries in `field` (custom input fields come back with each record). */
export function recordTag(record: SnapshotRecord, field: string): string | undefined {
  const input = record.input;
  const echoed =
    input && typeof input === "object" ? (input as Record<string, unknown>)[field] : undefined;
  const tag = record[field] ?? echoed;
  return typeof tag === "string" ? tag : undefined;
}

/** The record tagged `tag`. */
export function recordTagged(
  list: readonly SnapshotRecord[],
  field: string,
  tag: string,
): SnapshotRecord | undefined {
  return list.find((record) => recordTag(record, field) === tag);
}
