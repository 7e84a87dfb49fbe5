import type { IncomingMessage } from "node:http";
import {
  count,
  DATASET_IDS,
  type DatasetKey,
  DEAD_PAGE,
  date,
  errorRecord,
  type FakeSnapshot,
  inputErrors,
  isObject,
  type Json,
  MESSAGES,
  notReadyBody,
  parseErrorBody,
  parseFailure,
  pick,
  type RecordFailure,
  recordFor,
  SNAPSHOT_FAILED_BODY,
  SNAPSHOT_FAILURE,
  snapshotId,
  tooManyJobs,
  validationBody,
} from "./fake-brightdata-wire.js";
import { type FakeAnswer, ReplyServer } from "./reply-server.js";

export {
  ADDITIONAL_ANSWER_TEXT,
  ANSWER_HTML,
  ANSWER_MARKDOWN,
  ANSWER_TEXT,
  BRIGHTDATA_DATASETS,
  type BrightDataEngine,
  CHATGPT_MODEL,
  CITED,
  CONSULTED,
  DATASET_IDS,
  type DatasetKey,
  DEAD_PAGE,
  DEFAULT_URLS,
  type FakeSnapshot,
  MESSAGES,
  notReadyBody,
  RELATED_PROMPTS,
  type RecordFailure,
  SNAPSHOT_FAILED_BODY,
  SNAPSHOT_FAILURE,
  type SnapshotStatus,
  tooManyJobs,
  validationBody,
  WEB_SEARCH_QUERIES,
} from "./fake-brightdata-wire.js";

export interface FakeBrightDataOptions {
  /** The account's API key (`Authorization: Bearer <key>`). */
  apiKey?: string;
  /** The clock of snapshot ids, `created` and records' `timestamp` and `prompt_sent_at`. */
  now?: () => Date;
  /** Looks (progress or download) that find a snapshot still running before it is ready (default 1). */
  readyAfterPolls?: number;
  /** Fields over the default record of this input (the dataset's key is the second argument). */
  answerFor?: (input: Json, dataset: DatasetKey) => Json | undefined;
  /** This input fails: an error record (with `include_errors=true`), not billed. */
  failInput?: (input: Json) => boolean | RecordFailure;
  /** The whole snapshot fails when one of its inputs matches (a string: its `error_message`). */
  failSnapshot?: (input: Json) => boolean | string;
  /** Running snapshots a dataset allows before trigger answers 429 (default: no limit). */
  runningJobsLimit?: number;
  /** Live triggers hand out `sd_` ids; older ids and the docs' examples are `s_`. */
  snapshotPrefix?: string;
}

const HTML = { "content-type": "text/html; charset=utf-8" };
const PLAIN = { "content-type": "text/plain; charset=utf-8" };
const json = (status: number, body: unknown): FakeAnswer => ({ status, body });
/** Text answers: the docs' messages; Bright Data serves its error texts as text/html. */
const textAnswer = (status: number, body: string, headers: Record<string, string> = HTML) => {
  return { status, body, raw: true, headers } satisfies FakeAnswer;
};

/**
 * A local stand-in for Bright Data's Web Scraper API (datasets v3) and its AI scrapers: Bearer
 * auth, `POST /datasets/v3/trigger` with a JSON array of inputs, then progress, download, list
 * and cancel. A snapshot answers "running" `readyAfterPolls` times, then is ready for good.
 */
export class FakeBrightData extends ReplyServer {
  readonly apiKey: string;
  /** Every snapshot triggered, in trigger order. */
  readonly snapshots: FakeSnapshot[] = [];
  readyAfterPolls: number;
  /** Records billed: successful records of snapshots that became ready. */
  billedRecords = 0;
  /** Snapshot downloads answered with records (200). */
  downloads = 0;
  private readonly now: () => Date;

  constructor(private readonly options: FakeBrightDataOptions = {}) {
    super();
    this.apiKey = options.apiKey ?? "bd-test-key";
    this.now = options.now ?? (() => new Date());
    this.readyAfterPolls = options.readyAfterPolls ?? 1;
  }

  /** Snapshots created (refused triggers create none). */
  get triggered(): number {
    return this.snapshots.length;
  }

  get authorization(): string {
    return `Bearer ${this.apiKey}`;
  }

  snapshot(id: string): FakeSnapshot {
    const snapshot = this.snapshots.find((s) => s.id === id);
    if (!snapshot) throw new Error(`the fake has no snapshot ${id}`);
    return snapshot;
  }

  /** The next `times` requests answer this status with a text body (Bright Data's texts). */
  failText(status: number, body: string, times = 1, headers: Record<string, string> = {}): void {
    for (let i = 0; i < times; i++)
      this.replies.push(textAnswer(status, body, { ...HTML, ...headers }));
  }

  /** The next `times` requests answer the documented 429 (Retry-After when given). */
  rateLimit(times = 1, retryAfterSeconds?: number): void {
    const headers = retryAfterSeconds ? { "retry-after": String(retryAfterSeconds) } : undefined;
    this.failText(429, tooManyJobs(100, 100), times, headers);
  }

  async start(): Promise<this> {
    await this.listen((request, _index, req) => this.answer(req, request.body));
    return this;
  }

  private answer(req: IncomingMessage, body: unknown): FakeAnswer {
    const refused = this.refusal(req.headers.authorization);
    if (refused) return refused;
    const url = new URL(req.url ?? "/", "http://fake.local");
    const query = url.searchParams;
    if (req.method === "POST" && url.pathname === "/datasets/v3/trigger")
      return this.trigger(query, body);
    if (req.method === "GET" && url.pathname === "/datasets/v3/snapshots") return this.list(query);
    const route = /^\/datasets\/v3\/(progress|snapshot)\/([^/]+)(\/cancel)?$/.exec(url.pathname);
    if (!route) return textAnswer(404, "Not Found");
    const snapshot = this.snapshots.find((s) => s.id === decodeURIComponent(route[2] ?? ""));
    const [kind, cancel] = [route[1], route[3]];
    if (!snapshot) return textAnswer(404, MESSAGES.snapshotNotFound);
    if (req.method === "GET" && kind === "progress" && !cancel) return this.progress(snapshot);
    if (req.method === "GET" && kind === "snapshot" && !cancel)
      return this.download(snapshot, query);
    if (req.method === "POST" && kind === "snapshot" && cancel) return this.cancel(snapshot);
    return textAnswer(404, "Not Found");
  }

  /** The docs' three 401 texts: no header, another scheme, a wrong key. */
  private refusal(header: string | undefined): FakeAnswer | undefined {
    if (!header) return textAnswer(401, MESSAGES.missingCredentials);
    const [scheme, token] = header.split(" ");
    if (scheme?.toLowerCase() !== "bearer") return textAnswer(401, MESSAGES.authMethod);
    if (token !== this.apiKey) return textAnswer(401, MESSAGES.invalidCredentials);
    return undefined;
  }

  private trigger(query: URLSearchParams, body: unknown): FakeAnswer {
    const datasetId = query.get("dataset_id");
    if (!datasetId) return textAnswer(404, MESSAGES.collectorNotFound);
    const dataset = (Object.keys(DATASET_IDS) as DatasetKey[]).find(
      (key) => DATASET_IDS[key] === datasetId,
    );
    if (!dataset) return textAnswer(404, MESSAGES.datasetNotFound);
    if (typeof body === "string") return json(400, parseErrorBody(parseFailure(body)));
    // A bare array, or the documented `{input: [...]}` (with custom_input_fields and the like).
    const inputs = Array.isArray(body) ? body : isObject(body) ? body.input : undefined;
    // The docs do not say how a body that is neither is refused; "no data" is the plausible one.
    if (!Array.isArray(inputs) || inputs.length === 0) return textAnswer(400, MESSAGES.noData);
    const rows = inputs.map((input) => (isObject(input) ? input : {}));
    const errors = rows.flatMap(inputErrors);
    if (errors.length > 0) return json(400, validationBody(errors));
    const limit = this.options.runningJobsLimit;
    const running = this.snapshots.filter((s) => s.dataset === dataset && s.status === "running");
    if (limit !== undefined && running.length >= limit)
      return textAnswer(429, tooManyJobs(running.length, limit));
    const created = this.now();
    const fields = query.get("custom_output_fields")?.split("|").filter(Boolean);
    this.snapshots.push({
      id: snapshotId(created, this.options.snapshotPrefix ?? "sd_"),
      datasetId,
      dataset,
      created,
      inputs: rows,
      status: "running",
      includeErrors: query.get("include_errors") === "true",
      outputFields: fields?.length ? fields : undefined,
      polls: 0,
      records: undefined,
      billed: 0,
      failed: 0,
      doneAt: undefined,
      errorMessage: undefined,
    });
    return json(200, { snapshot_id: this.snapshots.at(-1)?.id });
  }

  /**
   * `records`, `errors` and `collection_duration` on a ready snapshot are not in the readable
   * OpenAPI (it gives snapshot_id, dataset_id, status); they are how clients read the counts.
   */
  private progress(snapshot: FakeSnapshot): FakeAnswer {
    this.advance(snapshot);
    const { id, datasetId, status } = snapshot;
    const head = { snapshot_id: id, dataset_id: datasetId, status };
    if (status === "failed") return json(200, { ...head, error_message: snapshot.errorMessage });
    if (status !== "ready") return json(200, head);
    const duration = (snapshot.doneAt?.getTime() ?? 0) - snapshot.created.getTime();
    const counts = { records: snapshot.billed, errors: snapshot.failed };
    return json(200, { ...head, ...counts, collection_duration: duration });
  }

  /** Records once ready (JSON array, or NDJSON when asked); 202 while building. */
  private download(snapshot: FakeSnapshot, query: URLSearchParams): FakeAnswer {
    this.advance(snapshot);
    if (snapshot.status === "running" || snapshot.status === "starting")
      return json(202, notReadyBody(snapshot.status));
    // Failed or canceled: the docs give no datasets-v3 answer; the marketplace API's 400.
    if (snapshot.status !== "ready" || !snapshot.records) return json(400, SNAPSHOT_FAILED_BODY);
    // Documented: a ready snapshot with no records (every input failed, errors not included).
    if (snapshot.records.length === 0) return textAnswer(400, MESSAGES.snapshotEmpty);
    this.downloads += 1;
    const format = query.get("format") ?? "json";
    if (format === "ndjson" || format === "jsonl") {
      const lines = snapshot.records.map((record) => JSON.stringify(record)).join("\n");
      return textAnswer(200, lines, { "content-type": "application/x-ndjson" });
    }
    return json(200, snapshot.records);
  }

  /** `status` filter, `from_date`/`to_date` on `created`, `skip`/`limit`; newest first (not documented). */
  private list(query: URLSearchParams): FakeAnswer {
    const datasetId = query.get("dataset_id");
    // Required by the docs; the answer to its absence is not documented.
    if (!datasetId) return json(400, { validation_errors: ["dataset_id is required"] });
    const status = query.get("status");
    const [from, to] = [date(query.get("from_date")), date(query.get("to_date"))];
    const skip = Math.max(0, count(query.get("skip")) ?? 0);
    const limit = Math.min(count(query.get("limit")) ?? 1000, 5000);
    const rows = [...this.snapshots]
      .reverse()
      .filter((s) => s.datasetId === datasetId && (!status || s.status === status))
      .filter((s) => (!from || s.created >= from) && (!to || s.created <= to))
      .sort((a, b) => b.created.getTime() - a.created.getTime())
      .slice(skip, skip + limit)
      .map((s) => ({
        id: s.id,
        created: s.created.toISOString(),
        status: s.status,
        dataset_id: s.datasetId,
        dataset_size: s.records?.length ?? 0,
      }));
    return json(200, rows);
  }

  private cancel(snapshot: FakeSnapshot): FakeAnswer {
    if (snapshot.status !== "running" && snapshot.status !== "starting")
      return textAnswer(400, MESSAGES.notRunning);
    snapshot.status = "canceled";
    snapshot.doneAt = this.now();
    return textAnswer(200, MESSAGES.ok, PLAIN);
  }

  /** One look at a running snapshot; past `readyAfterPolls` looks it finishes. */
  private advance(snapshot: FakeSnapshot): void {
    if (snapshot.status !== "running") return;
    snapshot.polls += 1;
    if (snapshot.polls > this.readyAfterPolls) this.finish(snapshot);
  }

  private finish(snapshot: FakeSnapshot): void {
    const at = this.now();
    snapshot.doneAt = at;
    for (const input of snapshot.inputs) {
      const failure = this.options.failSnapshot?.(input);
      if (!failure) continue;
      snapshot.status = "failed";
      snapshot.errorMessage = typeof failure === "string" ? failure : SNAPSHOT_FAILURE;
      return;
    }
    const records: Json[] = [];
    for (const input of snapshot.inputs) {
      const failure = this.options.failInput?.(input);
      if (failure) {
        snapshot.failed += 1;
        const why = failure === true ? DEAD_PAGE : failure;
        if (snapshot.includeErrors) records.push(errorRecord(input, at, why));
        continue;
      }
      const record = { ...recordFor(snapshot.dataset, input, at) };
      Object.assign(record, this.options.answerFor?.(input, snapshot.dataset));
      records.push(pick(record, snapshot.outputFields));
      snapshot.billed += 1;
    }
    snapshot.records = records;
    snapshot.status = "ready";
    this.billedRecords += snapshot.billed;
  }
}
