/** DataForSEO's SERP API v3 wire format for FakeDataForSeo: statuses, prices, task and envelope JSON. */
import { randomBytes } from "node:crypto";

/** Google's results page (whose AI Overview is an item) or AI Mode. */
export type SeType = "organic" | "ai_mode";
/** The calls a failure can be aimed at. */
export type DataForSeoCall = "post" | "get" | "id_list";
/** An internal `status_code` and `status_message` (docs.dataforseo.com/v3/appendix/errors). */
export type DataForSeoStatus = readonly [code: number, message: string];

/** Task-level refusals as DataForSEO words them, to spread into `taskError`/`requestError`. */
export const DATAFORSEO_ERRORS = {
  paymentRequired: [40200, "Payment Required."],
  insufficientFunds: [40210, "Insufficient Funds."],
  rateLimit: [40202, "The rate-limit per minute has been exceeded."],
  seServerError: [40101, "Internal SE Server Error."],
  noSearchResults: [40102, "No Search Results."],
  internalError: [50000, "Internal Error."],
} as const satisfies Record<string, DataForSeoStatus>;

export interface PostedTask {
  id: string;
  seType: SeType;
  keyword: string | undefined;
  tag: string | undefined;
  /** USD charged for the post: 0 when the task was refused. */
  cost: number;
  /** The `load_async_ai_overview` surcharge given back when no async overview came (docs). */
  refund: number;
  statusCode: number;
  statusMessage: string;
  /** The fields as posted, nulls dropped: the `data` echo and id_list's `metadata`. */
  params: Record<string, unknown>;
  postedAt: Date;
  /** When a task_get first found it ready: the fake finishes a task when it is asked. */
  doneAt: Date | undefined;
  gets: number;
  /** Built once, so a finished task answers the same result every time. */
  result: unknown[] | undefined;
}

export type Json = Record<string, unknown>;
export type TaskJson = ReturnType<typeof taskJson>;

export const VERSION = "0.1.20260311";
export const TIME = "0.0512 sec.";
export const OK: DataForSeoStatus = [20000, "Ok."];
export const CREATED: DataForSeoStatus = [20100, "Task Created."];
export const NOT_FOUND: DataForSeoStatus = [40401, "Task Not Found."];
export const OTHER_TYPE: DataForSeoStatus = [
  40003,
  "This id is used by another search type, check the Path.",
];
/** The docs give the code and the rule (task_post), not the message. */
export const TOO_MANY: DataForSeoStatus = [40006, "You can set no more than 100 tasks at a time."];
/** Organic-only fields: AI Mode refuses them (a report of `depth`: 40501 Invalid Field). */
export const ORGANIC_ONLY = new Set(
  (
    "depth load_async_ai_overview expand_ai_overview stop_crawl_on_match match_type match_value" +
    " max_crawl_pages search_param remove_from_url people_also_ask_click_depth url se_domain" +
    " group_organic_results target_search_mode find_targets_in ignore_targets_in"
  ).split(" "),
);
export const LOCATIONS: Record<string, number> = { "United States": 2840, "United Kingdom": 2826 };
/** Search operators multiply an organic task's charge by 5 (task_post docs). */
export const OPERATOR =
  /(^|\s)(allin(anchor|text|title|url)|define|filetype|id|in(anchor|fo|text|title|url)|link|site):/;

export type Source = { source: string; domain: string; url: string; title: string; text: string };
/** The pages answers cite (source|url|title|text), on the brands the other fakes' answers name. */
export const [RUNNER, GLOBEX, INITECH] = [
  "Runner Analytics|https://runner.example/teams|Runner for teams|Runner Analytics suits teams.",
  "Globex|https://globex.com/compare|Globex comparison|Globex compares suites for enterprises.",
  "Initech|https://initech.io/pricing|Initech pricing|Initech starts free for small teams.",
].map((line): Source => {
  const [source = "", url = "", title = "", text = ""] = line.split("|");
  return { source, domain: new URL(url).hostname, url, title, text };
}) as [Source, Source, Source];
export const OVERVIEW_TEXT = "Runner Analytics leads for teams, ahead of Globex.";
export const AI_MODE_TEXT =
  "Runner Analytics is the usual pick for teams; Globex suits enterprises, Initech small budgets.";

/** USD charged to post the task, by DataForSEO's task_post docs and pricing pages. */
export function taskCost(seType: SeType, params: Record<string, unknown>): number {
  const high = params.priority === 2;
  if (seType === "ai_mode") return high ? 0.0024 : 0.0012;
  const operators = OPERATOR.test(text(params.keyword) ?? "") ? 5 : 1;
  return round((high ? 0.0012 : 0.0006) * operators + asyncSurcharge(params));
}

/** "billed $0.0006-$0.0012 extra for each request, depending on the priority" (task_post). */
export function asyncSurcharge(params: Record<string, unknown>): number {
  if (params.load_async_ai_overview !== true) return 0;
  return params.priority === 2 ? 0.0012 : 0.0006;
}

export function queues(): Record<DataForSeoCall, DataForSeoStatus[]> {
  return { post: [], get: [], id_list: [] };
}

/** An AI answer item: markdown with numbered links, one element, and its references. */
export function overviewItem(body: string, sources: Source[], asynchronous: boolean): Json {
  const markdown = `${body}${sources.map((s, i) => ` [[${i + 1}]](${s.url})`).join("")}`;
  const reference = ({ source, domain, url, title, text }: Source, position: string) => {
    return { type: "ai_overview_reference", position, source, domain, url, title, text };
  };
  const links = sources.map(({ source, url, domain }) => {
    return { type: "link_element", title: source, description: null, url, domain };
  });
  const element = { type: "ai_overview_element", position: "left", title: null, text: body };
  const cited = sources.map((s) => reference(s, "left"));
  return {
    type: "ai_overview",
    rank_group: 1,
    rank_absolute: 1,
    page: 1,
    position: "left",
    xpath: "/html[1]/body[1]/div[3]/div[1]/div[12]/div[1]",
    asynchronous_ai_overview: asynchronous,
    markdown,
    items: [{ ...element, markdown, links, images: null, references: cited }],
    references: sources.map((s) => reference(s, "right")),
    rectangle: null,
  };
}

/** The task's `data`: its fields as posted, after DataForSEO's names and device defaults. */
export function data(task: PostedTask, fn: string): Json {
  const device = text(task.params.device) ?? "desktop";
  const os = text(task.params.os) ?? (device === "mobile" ? "android" : "windows");
  const head = { api: "serp", function: fn, se: "google", se_type: task.seType };
  return { ...head, ...task.params, device, os };
}

/** `latitude,longitude,radius`: at most 7 decimals each, the radius 199 to 199,999 (task_post docs). */
const COORDINATE = /^(-?\d{1,2}(?:\.\d{1,7})?),(-?\d{1,3}(?:\.\d{1,7})?),(\d+(?:\.\d+)?)$/;

/**
 * 40501 for a field the endpoint does not take (AI Mode and the organic-only ones), for a task
 * naming no location (one of location_name, location_code, location_coordinate is required) and
 * for a coordinate out of the documented format.
 */
export function invalid(seType: SeType, params: Json): DataForSeoStatus | undefined {
  const field = seType === "ai_mode" && Object.keys(params).find((key) => ORGANIC_ONLY.has(key));
  if (field) return [40501, `Invalid Field: '${field}'.`];
  const located = ["location_name", "location_code", "location_coordinate"];
  if (!located.some((key) => params[key] !== undefined))
    return [40501, "Invalid Field: 'location_name'."];
  if (params.location_coordinate === undefined) return undefined;
  const [, lat, lng, radius] = COORDINATE.exec(String(params.location_coordinate)) ?? [];
  const fits =
    Math.abs(Number(lat)) <= 90 &&
    Math.abs(Number(lng)) <= 180 &&
    Number(radius) >= 199 &&
    Number(radius) <= 199_999;
  return lat && fits ? undefined : [40501, "Invalid Field: 'location_coordinate'."];
}

export function envelope(tasks: TaskJson[], top: DataForSeoStatus = OK) {
  const cost = round(tasks.reduce((sum, task) => sum + task.cost, 0));
  const head = { version: VERSION, status_code: top[0], status_message: top[1], time: TIME };
  const errors = tasks.filter((task) => task.status_code >= 40000).length;
  return { ...head, cost, tasks_count: tasks.length, tasks_error: errors, tasks };
}

export function taskJson(
  id: string,
  [code, message]: DataForSeoStatus,
  cost: number,
  path: string[],
  echo: Json,
  result: unknown[] | null,
) {
  const head = { id, status_code: code, status_message: message, time: TIME, cost };
  return { ...head, result_count: result?.length ?? 0, path, data: echo, result };
}

/** HTTP-level failures: an internal code and the docs' description (appendix/errors). */
export const HTTP_ERRORS: Record<number, DataForSeoStatus> = {
  401: [
    40100,
    "You are not authorized to access this resource. " +
      "See your login details here: https://app.dataforseo.com/api-access",
  ],
  402: [40200, "We had a problem billing your account. Please, check your account's balance."],
  404: [40400, "Requested endpoint not found"],
  500: [
    50000,
    "Sorry, we could not process your request due to the internal server error. " +
      "Please, try again later.",
  ],
};

/** The body of an HTTP-level failure (401, 402, 404, 500): an envelope without tasks. */
export function httpErrorBody(status: number): Json {
  const [code, message] = HTTP_ERRORS[status] ?? [50000, "Internal Error."];
  const head = { version: VERSION, status_code: code, status_message: message, time: TIME };
  return { ...head, cost: 0, tasks_count: 0, tasks_error: 0, tasks: null };
}

/** DataForSEO's ids: UUID-shaped, the first group the post's UTC month, day, hour, minute. */
export function taskId(at: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  const head = [at.getUTCMonth() + 1, at.getUTCDate(), at.getUTCHours(), at.getUTCMinutes()];
  return `${head.map(two).join("")}-1535-0066-0000-${randomBytes(6).toString("hex")}`;
}

/** 'yyyy-mm-dd hh:mm:ss +00:00', DataForSEO's UTC format. */
export function stamp(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace("T", " ")} +00:00`;
}

/** 'yyyy-mm-dd hh:mm:ss +hh:mm', any offset (the id_list docs' example posts +02:00). */
export function parseStamp(value: unknown): Date | undefined {
  const m = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d) ([+-]\d\d:\d\d)$/.exec(String(value ?? ""));
  return m ? new Date(`${m[1]}T${m[2]}${m[3]}`) : undefined;
}

/** A posted object's fields without nulls (the client sends `stop_crawl_on_match: null`). */
export function fields(raw: unknown): Json {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
  return Object.fromEntries(Object.entries(raw).filter(([, value]) => value != null));
}

export function text(value: unknown): string | undefined {
  return typeof value === "string" && value ? value : undefined;
}

export function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

export function round(usd: number): number {
  return Math.round(usd * 1_000_000) / 1_000_000;
}
