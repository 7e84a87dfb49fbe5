import {
  SerpApi,
  SerpGoogleAiModeTaskPostRequestInfo,
  SerpGoogleOrganicTaskPostRequestInfo,
  SerpIdListRequestInfo,
} from "dataforseo-client";
import countries from "i18n-iso-countries";
import { costAt } from "../catalog/model-catalog.js";
import { askerLocale } from "../connectors/asker-locale.js";
import { catalogModel, checkStatedCost } from "../connectors/catalog-model.js";
import type { ConnectorOptions } from "../connectors/connector-options.js";
import { memoryCollection } from "../connectors/memory-collection.js";
import { callProvider, readAnswer } from "../connectors/provider-call.js";
import { pollUntil, postOnce } from "../connectors/two-step-task.js";
import {
  type AnswerEngine,
  EngineError,
  type EngineRequest,
  realEngine,
  type SearchLocation,
  type TaskCollection,
} from "../engine.js";
import type { RealEngineId } from "../engine-registry.js";
import {
  idListEnvelope,
  onlyTask,
  readSerpAnswer,
  serpEnvelope,
  taskFailure,
} from "./serp-answer.js";

const PROVIDER = "DataForSEO";
/** How often a posted task is asked for its result (priority tasks take about a minute). */
const POLL_MS = 10_000;
/** How long one ask waits for a posted task; a retry goes on waiting for the same task. */
const WAIT_MS = 15 * 60_000;
/** Not ready yet: 40601 Task Handed, 40602 Task In Queue. */
const NOT_READY = new Set([40601, 40602]);
/** Posts looked back over for a task whose post a dead worker never stored. */
const LOOKUP_MARGIN_MS = 5 * 60_000;
const LOOKUP_PAGE_SIZE = 1000;
const LOOKUP_PAGES = 10;
/** The United States, where a prompt names no country. */
const DEFAULT_LOCATION = 2840;

/**
 * A city as DataForSEO's `location_coordinate` takes it: latitude, longitude (at most 7 decimals)
 * and the radius of the docs' example, 200 (its unit, millimetres per the docs: a point).
 */
export function coordinate(at: { latitude: number; longitude: number }): string {
  const fixed = (v: number) => String(Math.round(v * 1e7) / 1e7);
  return `${fixed(at.latitude)},${fixed(at.longitude)},200`;
}

/**
 * DataForSEO's location code of a country: Google Ads' geotarget criterion id, which for a
 * country is 2000 + its ISO 3166-1 numeric code (2840 the United States, 2826 the United
 * Kingdom), as DataForSEO's /v3/serp/google/locations lists them. A code never depends on how a
 * country's English name is spelt ("Czechia", "Türkiye"), as `location_name` would.
 */
export function locationCode(country: string): number | undefined {
  const numeric = countries.alpha2ToNumeric(country);
  return numeric ? 2000 + Number(numeric) : undefined;
}

type SerpKind = "google_ai_overview" | "google_ai_mode";

/**
 * Google's AI Overviews (on the organic results page) and AI Mode, as a logged-out visitor in
 * the prompt's country sees them, through DataForSEO's SERP API on its official client. A task
 * is posted to the priority queue (task_post, the only charged call; tagged with the stored
 * task's id) and its result fetched (task_get) until ready: the posted task's id is stored before
 * waiting, and the start of a post before sending, so a task asked again (a retry, or after its
 * worker died) fetches the task it posted, looking it up by its tag (id_list) when the worker
 * died before storing the id. A page without an AI answer is an answer ending `not_shown`.
 * Charged the catalog's `perRequest` a page and, for an AI Overview Google loaded after the page
 * (which DataForSEO bills, and refunds when there was none), its `perGroundedRequest`.
 */
export function createSerpEngine(kind: SerpKind) {
  return (options: ConnectorOptions): AnswerEngine =>
    realEngine(kind, async (request) => {
      const model = catalogModel(options, kind as RealEngineId, request.model);
      const { country, language } = askerLocale(request.context);
      const where = { country: country ?? "US", language: language ?? "en" };
      // The workspace's city, for the prompts of its country.
      const city =
        request.context.searchLocation?.country === where.country
          ? request.context.searchLocation
          : undefined;
      const api = clientFor(options, request.signal);
      const collection = request.collection ?? memoryCollection(request.seed, options);
      const posted = await postedTask(api, options, kind, collection, request, { ...where, city });
      const task = await resultOf(api, kind, posted.id, options);
      const serp = readSerpAnswer(PROVIDER, task);
      // The page, and loading an overview Google shows late (refunded by DataForSEO otherwise).
      const costMicrousd = costAt(model, {
        inputTokens: 0,
        outputTokens: 0,
        requests: 1,
        groundedRequests: serp.late ? 1 : 0,
      });
      // The post's cost holds the late-overview fee DataForSEO refunds when there was none.
      if (kind === "google_ai_mode" || serp.late)
        checkStatedCost(options, model, "cost" in posted ? posted.cost : null, costMicrousd);
      return {
        answer: serp.answer,
        end: serp.shown ? "completed" : "not_shown",
        citations: serp.citations,
        searchQueries: [],
        inputTokens: 0,
        outputTokens: 0,
        costMicrousd,
        servedModel: null,
        country: where.country,
        city: city?.city ?? null,
        language: where.language,
      };
    });
}

/** A client whose every request carries the account's Basic login and the call's signal. */
function clientFor(options: ConnectorOptions, signal: AbortSignal | undefined) {
  const authorization = `Basic ${Buffer.from(options.apiKey).toString("base64")}`;
  const send = options.fetch ?? fetch;
  return (ended: AbortSignal) =>
    new SerpApi(options.baseUrl, {
      fetch: (url: string | URL | Request, init?: RequestInit) =>
        send(url, {
          ...init,
          headers: { ...(init?.headers as Record<string, string>), authorization },
          signal: signal ? AbortSignal.any([signal, ended]) : ended,
        }),
    });
}
type Client = ReturnType<typeof clientFor>;

/** One request through the client, bounded and mapped like every provider call. */
function call<T>(options: ConnectorOptions, api: Client, send: (serp: SerpApi) => Promise<T>) {
  return callProvider({ provider: PROVIDER, options, call: (signal) => send(api(signal)) });
}

/** The task this ask collects: the one an earlier ask posted, else a new one. */
async function postedTask(
  api: Client,
  options: ConnectorOptions,
  kind: SerpKind,
  collection: TaskCollection,
  request: EngineRequest,
  where: { country: string; language: string; city: SearchLocation | undefined },
): Promise<{ id: string; cost?: number | null }> {
  return postOnce({
    provider: PROVIDER,
    clock: options.clock,
    timeoutMs: options.timeoutMs,
    collection,
    lookUp: (postedAt) => lookUpTask(api, options, collection.tag, postedAt),
    post: async () => {
      const task = {
        keyword: request.prompt.slice(0, 700),
        ...(where.city
          ? { location_coordinate: coordinate(where.city) }
          : { location_code: locationCode(where.country) ?? DEFAULT_LOCATION }),
        language_code: where.language,
        device: "desktop",
        os: "windows",
        priority: 2,
        tag: collection.tag,
      };
      const raw = await call(options, api, (serp) =>
        kind === "google_ai_overview"
          ? serp.googleOrganicTaskPost([
              new SerpGoogleOrganicTaskPostRequestInfo({
                ...task,
                depth: 10,
                load_async_ai_overview: true,
              }),
            ])
          : serp.googleAiModeTaskPost([new SerpGoogleAiModeTaskPostRequestInfo(task)]),
      );
      const posted = onlyTask(PROVIDER, readAnswer(PROVIDER, serpEnvelope, raw));
      if (posted.status_code !== 20100 || !posted.id) {
        // DataForSEO answered the post with its refusal: no task was created.
        const refused = taskFailure(PROVIDER, posted);
        refused.providerRefused = true;
        throw refused;
      }
      return { id: posted.id, cost: posted.cost ?? null };
    },
  });
}

/**
 * The task posted with `tag` since shortly before `postedAt`, from DataForSEO's list of the
 * account's tasks (newest first, a page of 1,000 at a time, at most LOOKUP_PAGES pages). A list
 * DataForSEO does not give (its error inside a 200, e.g. its rate limit) is a retryable
 * failure: only a complete look that finds nothing lets the task be posted.
 */
async function lookUpTask(
  api: Client,
  options: ConnectorOptions,
  tag: string,
  postedAt: Date,
): Promise<string | undefined> {
  const format = (at: Date) => `${at.toISOString().slice(0, 19).replace("T", " ")} +00:00`;
  const window = {
    datetime_from: format(new Date(postedAt.getTime() - LOOKUP_MARGIN_MS)),
    datetime_to: format(options.clock.now()),
  };
  for (let page = 0; page < LOOKUP_PAGES; page++) {
    const raw = await call(options, api, (serp) =>
      serp.idList([
        new SerpIdListRequestInfo({
          ...window,
          include_metadata: true,
          sort: "desc",
          limit: LOOKUP_PAGE_SIZE,
          offset: page * LOOKUP_PAGE_SIZE,
        }),
      ]),
    );
    const task = onlyTask(PROVIDER, readAnswer(PROVIDER, idListEnvelope, raw));
    if (task.status_code !== 20000) {
      const failure = taskFailure(PROVIDER, task);
      throw new EngineError(
        `${failure.message} (looking up a post)`,
        true,
        undefined,
        failure.rateLimited,
      );
    }
    const listed = task.result ?? [];
    for (const entry of listed) {
      // A refused post is listed too (with its error code): it has no result to fetch.
      const accepted = String(entry.status) === "20000" || String(entry.status) === "20100";
      if (entry.id && accepted && entry.metadata?.tag === tag) return entry.id;
    }
    if (listed.length < LOOKUP_PAGE_SIZE) return undefined;
  }
  throw new EngineError(
    `${PROVIDER} lists more than ${LOOKUP_PAGES * LOOKUP_PAGE_SIZE} tasks around this one's post; it is looked up again on retry.`,
    true,
  );
}

/** The finished task, asked for every POLL_MS (the injected clock's) up to WAIT_MS. */
function resultOf(api: Client, kind: SerpKind, id: string, options: ConnectorOptions) {
  return pollUntil({
    provider: PROVIDER,
    clock: options.clock,
    everyMs: POLL_MS,
    forMs: WAIT_MS,
    look: async () => {
      const raw = await call(options, api, (serp) =>
        kind === "google_ai_overview"
          ? serp.googleOrganicTaskGetAdvanced(id)
          : serp.googleAiModeTaskGetAdvanced(id),
      );
      const task = onlyTask(PROVIDER, readAnswer(PROVIDER, serpEnvelope, raw));
      if (task.status_code === 20000) return task;
      // No results at all is a page without an AI answer.
      if (task.status_code === 40102) return { ...task, result: [] };
      if (!NOT_READY.has(task.status_code)) throw failedTask(task);
      return undefined;
    },
  });
}

/**
 * A posted task's failure: fetching it again gives the same answer, so only a rate limit is
 * retried (the task is fetched again); anything else fails the ask for good (posting again would
 * be charged again).
 */
function failedTask(task: { status_code: number; status_message?: string | null }): EngineError {
  const failure = taskFailure(PROVIDER, task);
  if (failure.rateLimited) return failure;
  return new EngineError(
    `${failure.message} The posted task failed; it is not posted again.`,
    false,
    undefined,
    false,
    failure.kind,
  );
}

export const createGoogleAiOverviewEngine = createSerpEngine("google_ai_overview");
export const createGoogleAiModeEngine = createSerpEngine("google_ai_mode");
