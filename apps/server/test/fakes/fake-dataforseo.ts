import type { IncomingMessage } from "node:http";
import {
  AI_MODE_TEXT,
  asyncSurcharge,
  CREATED,
  type DataForSeoCall,
  type DataForSeoStatus,
  data,
  envelope,
  fields,
  GLOBEX,
  httpErrorBody,
  INITECH,
  invalid,
  type Json,
  LOCATIONS,
  NOT_FOUND,
  num,
  OK,
  OTHER_TYPE,
  OVERVIEW_TEXT,
  overviewItem,
  type PostedTask,
  parseStamp,
  queues,
  RUNNER,
  type SeType,
  stamp,
  TOO_MANY,
  taskCost,
  taskId,
  taskJson,
  text,
} from "./fake-dataforseo-wire.js";
import { type FakeAnswer, type RecordedEngineRequest, ReplyServer } from "./reply-server.js";

export {
  AI_MODE_TEXT,
  DATAFORSEO_ERRORS,
  type DataForSeoCall,
  type DataForSeoStatus,
  httpErrorBody,
  OVERVIEW_TEXT,
  type PostedTask,
  type SeType,
  taskCost,
} from "./fake-dataforseo-wire.js";

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
