import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { type FakeAnswer, type RecordedEngineRequest, ReplyServer } from "./reply-server.js";

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

/** Recorded like the answer engines' requests; a body that is not JSON is kept as text. */
export type RecordedSeoRequest = RecordedEngineRequest;

export interface FakeDataForSeoOptions {
  login?: string;
  password?: string;
  /** The clock of task ids, `datetime`s and id_list windows, so tests can move it. */
  now?: () => Date;
  /** "Task In Queue." answers before a task's result (default 1). */
  readyAfterGets?: number;
  /** Whether Google shows an AI Overview for the keyword (default: always). */
  showsOverview?: (keyword: string) => boolean;
  /** Whether that overview loads after the page (default: yes, as most now do). */
  asyncOverview?: (keyword: string) => boolean;
  /** Whether AI Mode answers the keyword (default: always). */
  aiModeAnswers?: (keyword: string) => boolean;
  /** How AI Mode shows no answer, which the docs leave open: no item, or empty markdown. */
  aiModeEmpty?: "no_items" | "empty_markdown";
}

type Json = Record<string, unknown>;
type TaskJson = ReturnType<typeof taskJson>;

const VERSION = "0.1.20260311";
const TIME = "0.0512 sec.";
const OK: DataForSeoStatus = [20000, "Ok."];
const CREATED: DataForSeoStatus = [20100, "Task Created."];
const NOT_FOUND: DataForSeoStatus = [40401, "Task Not Found."];
const OTHER_TYPE: DataForSeoStatus = [
  40003,
  "This id is used by another search type, check the Path.",
];
/** The docs give the code and the rule (task_post), not the message. */
const TOO_MANY: DataForSeoStatus = [40006, "You can set no more than 100 tasks at a time."];
/** Organic-only fields: AI Mode refuses them (a report of `depth`: 40501 Invalid Field). */
const ORGANIC_ONLY = new Set(
  (
    "depth load_async_ai_overview expand_ai_overview stop_crawl_on_match match_type match_value" +
    " max_crawl_pages search_param remove_from_url people_also_ask_click_depth url se_domain" +
    " group_organic_results target_search_mode find_targets_in ignore_targets_in"
  ).split(" "),
);
const LOCATIONS: Record<string, number> = { "United States": 2840, "United Kingdom": 2826 };
/** Search operators multiply an organic task's charge by 5 (task_post docs). */
const OPERATOR =
  /(^|\s)(allin(anchor|text|title|url)|define|filetype|id|in(anchor|fo|text|title|url)|link|site):/;

type Source = { source: string; domain: string; url: string; title: string; text: string };
/** The pages answers cite (source|url|title|text), on the brands the other fakes' answers name. */
const [RUNNER, GLOBEX, INITECH] = [
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

/**
 * A local stand-in for DataForSEO's SERP API v3 (Google organic and AI Mode, Standard queue) in
 * the wire format its docs give and the official `dataforseo-client` parses: Basic auth, JSON
 * arrays of tasks, `{version, status_code, ..., tasks[]}` envelopes whose failures mostly come
 * inside HTTP 200. Only posting charges (every post is kept in `posted`); a task answers "Task In
 * Queue." `readyAfterGets` times, then the same result for good.
 */
export class FakeDataForSeo extends ReplyServer {
  readonly login: string;
  readonly password: string;
  /** Every task posted, refused ones included (cost 0), in post order. */
  readonly posted: PostedTask[] = [];
  readyAfterGets: number;
  private readonly now: () => Date;
  private readonly taskErrors = queues();
  private readonly requestErrors = queues();

  constructor(private readonly options: FakeDataForSeoOptions = {}) {
    super();
    this.login = options.login ?? "fake-login@example.com";
    this.password = options.password ?? "fake-password";
    this.now = options.now ?? (() => new Date());
    this.readyAfterGets = options.readyAfterGets ?? 1;
  }

  /** The tasks the account was charged for. */
  get charged(): PostedTask[] {
    return this.posted.filter((task) => task.cost > 0);
  }

  /** The `Authorization` header of the fake's account. */
  get authorization(): string {
    return `Basic ${Buffer.from(`${this.login}:${this.password}`).toString("base64")}`;
  }

  task(id: string): PostedTask {
    const task = this.posted.find((t) => t.id === id);
    if (!task) throw new Error(`the fake has no task ${id}`);
    return task;
  }

  /** The next `times` requests answer this HTTP status, by default with DataForSEO's body. */
  override fail(status: number, body: unknown = httpErrorBody(status), times = 1): void {
    super.fail(status, body, times);
  }

  /** The next `times` such calls answer HTTP 200, "Ok." on top and this on their tasks. */
  taskError(call: DataForSeoCall, code: number, message: string, times = 1): void {
    for (let i = 0; i < times; i++) this.taskErrors[call].push([code, message]);
  }

  /** The next `times` such calls answer HTTP 200 with this on the envelope and its tasks. */
  requestError(call: DataForSeoCall, code: number, message: string, times = 1): void {
    for (let i = 0; i < times; i++) this.requestErrors[call].push([code, message]);
  }

  async start(): Promise<this> {
    await this.listen((request, _index, req) => this.answer(req, request.body));
    return this;
  }

  private answer(req: IncomingMessage, body: unknown): FakeAnswer {
    const [scheme, token] = (req.headers.authorization ?? "").split(" ");
    const user = Buffer.from(token ?? "", "base64").toString("utf8");
    if (scheme?.toLowerCase() !== "basic" || user !== `${this.login}:${this.password}`)
      return { status: 401, body: httpErrorBody(401) };
    const path = (req.url ?? "").split("?")[0] ?? "";
    if (req.method === "POST" && path === "/v3/serp/id_list")
      return { status: 200, body: this.idList(body) };
    const route =
      /^\/v3\/serp\/google\/(organic|ai_mode)\/(task_post|task_get\/advanced\/([^/]+))$/.exec(path);
    const seType = route?.[1] as SeType | undefined;
    if (seType && req.method === "POST" && route?.[2] === "task_post")
      return { status: 200, body: this.post(seType, body) };
    if (seType && req.method === "GET" && route?.[3])
      return { status: 200, body: this.get(seType, decodeURIComponent(route[3])) };
    return { status: 404, body: httpErrorBody(404) };
  }

  private post(seType: SeType, body: unknown) {
    const onRequest = this.requestErrors.post.shift();
    const refusal = onRequest ?? this.taskErrors.post.shift();
    // The readable docs do not give the answer to a body that is not an array of tasks.
    if (!Array.isArray(body)) return envelope([], [40503, "POST Data Is Invalid."]);
    const tasks = body.map((raw: unknown, index) => {
      const params = fields(raw);
      const status = refusal ?? (index >= 100 ? TOO_MANY : (invalid(seType, params) ?? CREATED));
      const postedAt = this.now();
      const task: PostedTask = {
        id: taskId(postedAt),
        seType,
        keyword: text(params.keyword),
        tag: text(params.tag),
        cost: status[0] === CREATED[0] ? taskCost(seType, params) : 0,
        refund: 0,
        statusCode: status[0],
        statusMessage: status[1],
        params,
        postedAt,
        doneAt: undefined,
        gets: 0,
        result: undefined,
      };
      this.posted.push(task);
      const path = ["v3", "serp", "google", seType, "task_post"];
      return taskJson(task.id, status, task.cost, path, data(task, "task_post"), null);
    });
    return envelope(tasks, onRequest);
  }

  private get(seType: SeType, id: string) {
    const path = ["v3", "serp", "google", seType, "task_get", "advanced", id];
    const onRequest = this.requestErrors.get.shift();
    const task = this.posted.find((t) => t.id === id && t.statusCode === CREATED[0]);
    const echo = task ? data(task, "task_get") : { api: "serp", function: "task_get" };
    const status =
      onRequest ??
      this.taskErrors.get.shift() ??
      (!task ? NOT_FOUND : task.seType !== seType ? OTHER_TYPE : undefined);
    if (status || !task)
      return envelope([taskJson(id, status ?? NOT_FOUND, 0, path, echo, null)], onRequest);
    task.gets += 1;
    if (!task.result && task.gets <= this.readyAfterGets)
      return envelope([taskJson(id, [40602, "Task In Queue."], 0, path, echo, null)]);
    task.result ??= this.finish(task);
    return envelope([taskJson(id, OK, 0, path, echo, task.result)]);
  }

  /** The tasks posted in a time window, ids, costs and (asked for) the posted fields. */
  private idList(body: unknown) {
    const path = ["v3", "serp", "id_list"];
    const onRequest = this.requestErrors.id_list.shift();
    const query = fields(Array.isArray(body) ? body[0] : undefined);
    const [from, to] = [parseStamp(query.datetime_from), parseStamp(query.datetime_to)];
    const echo = { api: "serp", function: "id_list", ...query };
    const missing = !from ? "datetime_from" : !to ? "datetime_to" : undefined;
    const badWindow: DataForSeoStatus = [40501, `Invalid Field: '${missing}'.`];
    const status =
      onRequest ?? this.taskErrors.id_list.shift() ?? (missing ? badWindow : undefined);
    const id = taskId(this.now());
    if (status || !from || !to)
      return envelope([taskJson(id, status ?? badWindow, 0, path, echo, null)], onRequest);
    const order = query.sort === "desc" ? -1 : 1;
    const offset = num(query.offset) ?? 0;
    const rows = this.posted
      .filter((t) => t.postedAt >= from && t.postedAt <= to)
      .sort((a, b) => order * (a.postedAt.getTime() - b.postedAt.getTime()))
      .slice(offset, offset + Math.min(num(query.limit) ?? 1000, 1000))
      .map((t) => ({
        id: t.id,
        url: `v3/serp/google/${t.seType}/task_post`,
        datetime_posted: stamp(t.postedAt),
        datetime_done: t.doneAt ? stamp(t.doneAt) : null,
        status: String(t.doneAt ? OK[0] : t.statusCode),
        cost: t.cost,
        ...(query.include_metadata === true ? { metadata: data(t, "task_post") } : {}),
      }));
    return envelope([taskJson(id, OK, 0, path, echo, rows)]);
  }

  /** The task's advanced result, shaped as the task_get/advanced docs' examples. */
  private finish(task: PostedTask): unknown[] {
    task.doneAt = this.now();
    const { seType, params } = task;
    const keyword = task.keyword ?? "";
    const lang = text(params.language_code) ?? "en";
    const items = seType === "organic" ? this.organicItems(task) : this.aiModeItems(keyword);
    const mode = seType === "ai_mode" ? "&udm=50" : "";
    const query = `q=${encodeURIComponent(keyword)}&hl=${lang}&gl=US${mode}`;
    const location = num(params.location_code) ?? LOCATIONS[text(params.location_name) ?? ""];
    return [
      {
        keyword,
        type: seType,
        se_domain: "google.com",
        location_code: location ?? 2840,
        language_code: lang,
        check_url: `https://www.google.com/search?${query}`,
        datetime: stamp(task.doneAt),
        spell: null,
        refinement_chips: null,
        item_types: [...new Set(items.map((item) => item.type))],
        se_results_count: seType === "organic" ? 1_240_000 : 0,
        ...(seType === "organic" ? { pages_count: 1 } : {}),
        items_count: items.length,
        items,
      },
    ];
  }

  /**
   * The `ai_overview` item when Google showed one, then organic results. An overview loaded
   * after the page, posted without `load_async_ai_overview`, is DataForSEO's stub (content null);
   * the surcharge comes back when no such overview came.
   */
  private organicItems(task: PostedTask): Json[] {
    const keyword = task.keyword ?? "";
    const loadAsync = task.params.load_async_ai_overview === true;
    const shown = (this.options.showsOverview ?? (() => true))(keyword);
    const late = shown && (this.options.asyncOverview ?? (() => true))(keyword);
    if (loadAsync && !late) task.refund = asyncSurcharge(task.params);
    const organic = [GLOBEX, RUNNER, INITECH].map((s, i) => ({
      type: "organic",
      rank_group: i + 1,
      rank_absolute: i + (shown ? 2 : 1),
      page: 1,
      position: "left",
      xpath: `/html[1]/body[1]/div[3]/div[${i + 2}]`,
      domain: s.domain,
      title: s.title,
      url: s.url,
      description: s.text,
      rectangle: null,
    }));
    if (!shown) return organic;
    const overview = overviewItem(OVERVIEW_TEXT, [RUNNER, GLOBEX], late);
    const stub = { ...overview, markdown: null, items: null, references: null };
    return [late && !loadAsync ? stub : overview, ...organic];
  }

  /** AI Mode's answer: one item typed `ai_overview`, as in the ai_mode task_get docs' example. */
  private aiModeItems(keyword: string): Json[] {
    if ((this.options.aiModeAnswers ?? (() => true))(keyword))
      return [overviewItem(AI_MODE_TEXT, [RUNNER, GLOBEX, INITECH], false)];
    if (this.options.aiModeEmpty !== "empty_markdown") return [];
    return [{ ...overviewItem("", [], false), items: [], references: [] }];
  }
}

/** USD charged to post the task, by DataForSEO's task_post docs and pricing pages. */
export function taskCost(seType: SeType, params: Record<string, unknown>): number {
  const high = params.priority === 2;
  if (seType === "ai_mode") return high ? 0.0024 : 0.0012;
  const operators = OPERATOR.test(text(params.keyword) ?? "") ? 5 : 1;
  return round((high ? 0.0012 : 0.0006) * operators + asyncSurcharge(params));
}

/** "billed $0.0006-$0.0012 extra for each request, depending on the priority" (task_post). */
function asyncSurcharge(params: Record<string, unknown>): number {
  if (params.load_async_ai_overview !== true) return 0;
  return params.priority === 2 ? 0.0012 : 0.0006;
}

function queues(): Record<DataForSeoCall, DataForSeoStatus[]> {
  return { post: [], get: [], id_list: [] };
}

/** An AI answer item: markdown with numbered links, one element, and its references. */
function overviewItem(body: string, sources: Source[], asynchronous: boolean): Json {
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
function data(task: PostedTask, fn: string): Json {
  const device = text(task.params.device) ?? "desktop";
  const os = text(task.params.os) ?? (device === "mobile" ? "android" : "windows");
  const head = { api: "serp", function: fn, se: "google", se_type: task.seType };
  return { ...head, ...task.params, device, os };
}

/** 40501 for a field the endpoint does not take: AI Mode and the organic-only ones. */
function invalid(seType: SeType, params: Json): DataForSeoStatus | undefined {
  const field = seType === "ai_mode" && Object.keys(params).find((key) => ORGANIC_ONLY.has(key));
  return field ? [40501, `Invalid Field: '${field}'.`] : undefined;
}

function envelope(tasks: TaskJson[], top: DataForSeoStatus = OK) {
  const cost = round(tasks.reduce((sum, task) => sum + task.cost, 0));
  const head = { version: VERSION, status_code: top[0], status_message: top[1], time: TIME };
  const errors = tasks.filter((task) => task.status_code >= 40000).length;
  return { ...head, cost, tasks_count: tasks.length, tasks_error: errors, tasks };
}

function taskJson(
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
const HTTP_ERRORS: Record<number, DataForSeoStatus> = {
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
function taskId(at: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  const head = [at.getUTCMonth() + 1, at.getUTCDate(), at.getUTCHours(), at.getUTCMinutes()];
  return `${head.map(two).join("")}-1535-0066-0000-${randomBytes(6).toString("hex")}`;
}

/** 'yyyy-mm-dd hh:mm:ss +00:00', DataForSEO's UTC format. */
function stamp(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace("T", " ")} +00:00`;
}

/** 'yyyy-mm-dd hh:mm:ss +hh:mm', any offset (the id_list docs' example posts +02:00). */
function parseStamp(value: unknown): Date | undefined {
  const m = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d) ([+-]\d\d:\d\d)$/.exec(String(value ?? ""));
  return m ? new Date(`${m[1]}T${m[2]}${m[3]}`) : undefined;
}

/** A posted object's fields without nulls (the client sends `stop_crawl_on_match: null`). */
function fields(raw: unknown): Json {
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) return {};
  return Object.fromEntries(Object.entries(raw).filter(([, value]) => value != null));
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value ? value : undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

function round(usd: number): number {
  return Math.round(usd * 1_000_000) / 1_000_000;
}
