/**
 * Bright Data's Web Scraper API (datasets v3) wire format for FakeBrightData: the AI scrapers'
 * dataset ids, their records, and the service's error texts and bodies. Sources are in
 * BRIGHTDATA-NOTES.md next to this file; what no source showed is said so where it is used.
 */
import { randomBytes } from "node:crypto";
import { GLOBEX, INITECH, RUNNER, type Source } from "./fake-dataforseo-wire.js";

export type Json = Record<string, unknown>;
/** The AI scrapers the fake knows: trigger accepts their ids, any other is "dataset does not exist". */
export type DatasetKey =
  | "chatgpt"
  | "perplexity"
  | "gemini"
  | "copilot"
  | "google_ai_mode"
  | "grok";
/** Our engine names for the consumer apps collected through Bright Data. */
export type BrightDataEngine = "chatgpt_app" | "perplexity_app" | "gemini_app" | "copilot_app";
/** Progress statuses: the OpenAPI enum (starting|running|ready|failed) and cancel's `canceled`. */
export type SnapshotStatus = "starting" | "running" | "ready" | "failed" | "canceled";
/** A failed input's record, as `include_errors=true` returns it. */
export type RecordFailure = { error: string; error_code: string };

/** A triggered snapshot, as the fake keeps it. */
export interface FakeSnapshot {
  id: string;
  datasetId: string;
  dataset: DatasetKey;
  created: Date;
  /** The inputs as posted, custom fields included. */
  inputs: Json[];
  status: SnapshotStatus;
  includeErrors: boolean;
  /** `custom_output_fields`, split on `|`. */
  outputFields: string[] | undefined;
  polls: number;
  /** Built once when the snapshot becomes ready, so every download answers the same. */
  records: Json[] | undefined;
  /** Successful records: what Bright Data bills ("does not charge for failed records"). */
  billed: number;
  failed: number;
  doneAt: Date | undefined;
  errorMessage: string | undefined;
}

export const DATASET_IDS = {
  /** Docs (ChatGPT scraper pages and API reference). */
  chatgpt: "gd_m7aof0k82r803d5bjm",
  /** Official Python SDK and MCP server; the docs print no id for it. */
  perplexity: "gd_m7dhdot1vw9a7gc1n",
  /** UNCONFIRMED by docs: Bright Data's own agent-skills repo (from the control panel), probe-verified there. */
  gemini: "gd_mbz66arm2mf9cu856y",
  /** UNCONFIRMED by docs: as Gemini's. */
  copilot: "gd_m7di5jy6s9geokz8w",
  /** UNCONFIRMED: Bright Data's agent-skills repo says the Google scrapers docs print it. */
  google_ai_mode: "gd_mcswdt6z2elth3zqr2",
  /** Official MCP server; the docs mark the Grok scraper "Currently unavailable". */
  grok: "gd_m8ve0u141icu75ae74",
} as const satisfies Record<DatasetKey, string>;

/** The `url` input each scraper takes (the engine's own address). */
export const DEFAULT_URLS: Record<DatasetKey, string> = {
  chatgpt: "https://chatgpt.com/", // docs: "always https://chatgpt.com/"
  perplexity: "https://www.perplexity.ai", // official SDK and MCP server
  gemini: "https://gemini.google.com/", // third-party callers; docs name the domain only
  copilot: "https://copilot.microsoft.com/chats", // UNCONFIRMED: third-party callers only
  google_ai_mode: "https://google.com/aimode", // UNCONFIRMED: one third-party caller
  grok: "https://grok.com/", // official MCP server
};

export const BRIGHTDATA_DATASETS = {
  chatgpt_app: { dataset: "chatgpt", datasetId: DATASET_IDS.chatgpt, url: DEFAULT_URLS.chatgpt },
  perplexity_app: {
    dataset: "perplexity",
    datasetId: DATASET_IDS.perplexity,
    url: DEFAULT_URLS.perplexity,
  },
  /** Id and url not in the docs (see DATASET_IDS). */
  gemini_app: { dataset: "gemini", datasetId: DATASET_IDS.gemini, url: DEFAULT_URLS.gemini },
  /** Id and url not in the docs (see DATASET_IDS). */
  copilot_app: { dataset: "copilot", datasetId: DATASET_IDS.copilot, url: DEFAULT_URLS.copilot },
} as const satisfies Record<
  BrightDataEngine,
  { dataset: DatasetKey; datasetId: string; url: string }
>;

/** The default answer, naming the brands the other fakes' answers name. */
export const ANSWER_TEXT =
  "Globex suits enterprises that want one suite for everything; Initech is the budget pick for small teams.";
export const ANSWER_MARKDOWN =
  "**Globex** suits enterprises that want one suite for everything; **Initech** is the budget pick for small teams.";
export const ANSWER_HTML =
  "<p><strong>Globex</strong> suits enterprises that want one suite for everything; " +
  "<strong>Initech</strong> is the budget pick for small teams.</p>";
/** ChatGPT's answer to `additional_prompt`, returned as `additional_answer_text` (docs). */
export const ADDITIONAL_ANSWER_TEXT = "Initech's free plan covers teams of up to five.";
/** The docs' example model; what a logged-out ChatGPT runs today is not documented. */
export const CHATGPT_MODEL = "gpt-4o";
/** Pages the answer cites, and the ones it read (`search_sources`): Runner read, not cited. */
export const CITED: readonly Source[] = [GLOBEX, INITECH];
export const CONSULTED: readonly Source[] = [GLOBEX, INITECH, RUNNER];
export const WEB_SEARCH_QUERIES = ["globex vs initech for small teams"];
export const RELATED_PROMPTS = ["Is Initech free for small teams?"];

/** Plain-text answers (the docs: every message but validation_error and parse_error is text). */
export const MESSAGES = {
  missingCredentials: "Credentials are missing",
  authMethod: "Auth method is not supported",
  invalidCredentials: "Invalid credentials",
  collectorNotFound: "Collector not found",
  datasetNotFound: "dataset does not exist",
  noData: "No data to trigger",
  snapshotNotFound: "Snapshot does not exist",
  snapshotEmpty: "Snapshot is empty",
  /** The English page's row was not readable; this is the Chinese page's row, translated. */
  notRunning: "Snapshot is not running",
  ok: "OK",
} as const;

/** A failed input's record when nothing more specific is asked: the live `dead_page` record. */
export const DEAD_PAGE: RecordFailure = {
  error: "Bad input. Page does not exist.",
  error_code: "dead_page",
};
/** Progress's `error_message` for a failed snapshot: the docs give only ERROR_MESSAGE. */
export const SNAPSHOT_FAILURE = "Collection failed";
/** Download of a failed snapshot: undocumented for datasets v3; the marketplace API's 400 body. */
export const SNAPSHOT_FAILED_BODY = { error: "Snapshot failed" };

/** 429 on trigger, with the docs' RUNNING_JOBS>=JOBS_LIMIT filled in. */
export function tooManyJobs(running: number, limit: number): string {
  return (
    "You have too many running jobs for this dataset. Please wait until some of them finish " +
    `or consider combining multiple inputs into a single request. Running jobs: ${running}>=${limit}`
  );
}

/** 202 on download while building: the docs' `{status: "STATUS", message: ...}`. */
export function notReadyBody(status: SnapshotStatus) {
  return { status, message: "Snapshot is not ready yet, try again in 10s" };
}

/** 400 on trigger for an input that fails validation: `errors` pairs [field, reason]. */
export function validationBody(errors: [string, string][]) {
  return { error: "Invalid input provided", code: "validation_error", errors };
}

/** 400 on trigger for a body that is not JSON. */
export function parseErrorBody(detail: string) {
  return { error: `Parser cannot parse input: ${detail}`, code: "parse_error" };
}

/** Why an input fails validation (`url` and `prompt` are required by every AI scraper). */
export function inputErrors(input: Json): [string, string][] {
  const errors: [string, string][] = [];
  if (input.url == null || input.url === "") errors.push(["url", "Required field"]);
  else if (!isUrl(input.url)) errors.push(["url", "This field must be a valid url"]);
  if (input.prompt == null || input.prompt === "") errors.push(["prompt", "Required field"]);
  return errors;
}

/** Snapshot ids as the live API hands them out: `sd_`, the time in base 36, 10 random chars. */
export function snapshotId(at: Date, prefix: string): string {
  const random = BigInt(`0x${randomBytes(8).toString("hex")}`).toString(36);
  return `${prefix}${at.getTime().toString(36)}${random.padStart(10, "0").slice(-10)}`;
}

/** One successful record: the fields the docs (ChatGPT) or a live record (Perplexity) show. */
export function recordFor(dataset: DatasetKey, input: Json, at: Date): Json {
  const url = text(input.url) ?? DEFAULT_URLS[dataset];
  const prompt = text(input.prompt) ?? "";
  const answer = {
    answer_text: ANSWER_TEXT,
    answer_text_markdown: ANSWER_MARKDOWN,
    answer_html: ANSWER_HTML,
  };
  const tail = { index: input.index ?? null, timestamp: at.toISOString(), input };
  const citations = CITED.map(({ title, url }, i) => ({ title, url, position: i + 1 }));
  const links = CITED.map(({ source, url }, position) => ({ url, text: source, position }));
  if (dataset === "chatgpt") {
    // `web_search` is a permission (default true); `web_search_triggered` says a search ran.
    const searched = input.web_search !== false;
    return {
      url,
      prompt,
      ...answer,
      model: CHATGPT_MODEL,
      web_search: input.web_search ?? true,
      web_search_triggered: searched,
      citations: searched ? citations : [],
      search_sources: searched
        ? CONSULTED.map((s) => ({ url: s.url, title: s.title, favicon: favicon(s) }))
        : [],
      links_attached: links,
      recommendations: [],
      references: [],
      country: input.country ?? null,
      is_map: false,
      shopping_visible: false,
      prompt_sent_at: at.toISOString(),
      ...(text(input.additional_prompt) ? { additional_answer_text: ADDITIONAL_ANSWER_TEXT } : {}),
      ...tail,
    };
  }
  if (dataset === "perplexity") {
    // The keys of a live record (Bright Data's SDK notebook); `sources`' items were not shown.
    return {
      url,
      prompt,
      answer_html: ANSWER_HTML,
      answer_text: ANSWER_TEXT,
      answer_text_markdown: ANSWER_MARKDOWN,
      sources: CONSULTED.map(({ title, url, domain }) => ({ title, url, domain })),
      source_html: null,
      is_shopping_data: false,
      shopping_data: [],
      response_raw: null,
      answer_section_html: ANSWER_HTML,
      exported_markdown: input.export_markdown_file === true ? ANSWER_MARKDOWN : null,
      related_prompts: RELATED_PROMPTS,
      // The SDK documents `position` as a string here.
      citations: CITED.map(({ domain, title, url }, i) => ({
        domain,
        position: String(i + 1),
        title,
        url,
      })),
      web_search_query: WEB_SEARCH_QUERIES,
      ...tail,
    };
  }
  // Gemini, Copilot, Google AI Mode, Grok: no documented record; ChatGPT's common fields.
  return {
    url,
    prompt,
    ...answer,
    citations,
    links_attached: links,
    ...(dataset === "grok" ? { web_search_query: WEB_SEARCH_QUERIES } : {}),
    ...tail,
  };
}

/** A failed input's record (`include_errors=true`): the input echoed, the error and its code. */
export function errorRecord(input: Json, at: Date, failure: RecordFailure): Json {
  return {
    timestamp: at.toISOString(),
    input,
    error: failure.error,
    error_code: failure.error_code,
  };
}

/** `custom_output_fields` (`a|b.c`): only those fields, dotted paths kept nested. */
export function pick(record: Json, fields: string[] | undefined): Json {
  if (!fields) return record;
  const out: Json = {};
  for (const path of fields) {
    const keys = path.split(".");
    let from: unknown = record;
    for (const key of keys) from = isObject(from) ? from[key] : undefined;
    if (from === undefined) continue;
    let into = out;
    for (const key of keys.slice(0, -1)) {
      const next = isObject(into[key]) ? into[key] : {};
      into[key] = next;
      into = next;
    }
    into[keys.at(-1) ?? path] = from;
  }
  return out;
}

export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function text(value: unknown): string | undefined {
  return typeof value === "string" && value ? value : undefined;
}

function isUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

function favicon(source: Source): string {
  return `https://${source.domain}/favicon.ico`;
}

/** JSON.parse's complaint about a body that is not JSON. */
export function parseFailure(body: string): string {
  try {
    JSON.parse(body);
    return "not an input list";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** A `from_date`/`to_date` value, when it is a date. */
export function date(value: string | null): Date | undefined {
  const at = value ? new Date(value) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : undefined;
}

/** A `skip`/`limit` value, when it is a whole number. */
export function count(value: string | null): number | undefined {
  const n = value === null ? Number.NaN : Number(value);
  return Number.isInteger(n) ? n : undefined;
}
