import { costAt } from "../catalog/model-catalog.js";
import { askerLocale } from "../connectors/asker-locale.js";
import { catalogModel } from "../connectors/catalog-model.js";
import type { ConnectorOptions } from "../connectors/connector-options.js";
import { memoryCollection } from "../connectors/memory-collection.js";
import { pollUntil, postOnce } from "../connectors/two-step-task.js";
import { type AnswerEngine, EngineError, realEngine } from "../engine.js";
import { readAppRecord, recordTag, recordTagged } from "./app-record.js";
import { BrightDataClient, PROVIDER, type SnapshotRecord } from "./brightdata-client.js";

export type AppEngine = "chatgpt_app" | "perplexity_app" | "gemini_app" | "copilot_app";

/**
 * Bright Data's AI scrapers. ChatGPT's dataset and `url` are in its API reference; Perplexity's
 * in its official SDK and MCP server; Gemini's and Copilot's only in Bright Data's agent skills
 * (read from its control panel), so an operator should confirm them there.
 */
export const APP_DATASETS: Readonly<Record<AppEngine, { datasetId: string; url: string }>> =
  Object.freeze({
    chatgpt_app: { datasetId: "gd_m7aof0k82r803d5bjm", url: "https://chatgpt.com/" },
    perplexity_app: { datasetId: "gd_m7dhdot1vw9a7gc1n", url: "https://www.perplexity.ai" },
    gemini_app: { datasetId: "gd_mbz66arm2mf9cu856y", url: "https://gemini.google.com/" },
    copilot_app: { datasetId: "gd_m7di5jy6s9geokz8w", url: "https://copilot.microsoft.com/chats" },
  });

/** The custom input field that carries the stored task's id; Bright Data returns it with the record. */
export const TASK_FIELD = "geopulse_task";
/** How often a collection's progress is asked (an app's answer takes half a minute to minutes). */
const POLL_MS = 10_000;
/** How long one ask waits for its collection; a retry goes on waiting for the same one. */
const WAIT_MS = 20 * 60_000;
/** Collections looked at around a trigger a dead worker never stored: before it, and after its timeout. */
const LOOKUP_MARGIN_MS = 5 * 60_000;
/** Collections listed per page, and pages at most; more fails the ask (retryable), never triggers. */
const LOOKUP_PAGE = 100;
const LOOKUP_PAGES = 10;
/** Asked to wait before looking again when a candidate collection is still running. */
const RUNNING_RETRY_SECONDS = 30;

/**
 * An assistant's consumer app (ChatGPT, Perplexity, Gemini, Copilot) as a logged-out person in
 * the prompt's country sees it, through Bright Data's AI scrapers: one collection is triggered
 * per answer with the prompt as typed (and the stored task's id as a custom input field), its
 * progress asked every 10 s of the injected clock, its record downloaded once ready. The
 * collection's id is stored before waiting and the start of a trigger before sending it, so an
 * answer asked again (a retry, a dead worker) downloads the collection it triggered, finding it
 * by its tag among the dataset's recent collections when the id was never stored. Charged the
 * catalog's `perRequest` a record; a record Bright Data could not collect (an error record, a
 * failed collection) is not billed by Bright Data and fails the ask at no cost.
 */
export function createAppEngine(engine: AppEngine) {
  const dataset = APP_DATASETS[engine];
  return (options: ConnectorOptions): AnswerEngine =>
    realEngine(engine, async (request) => {
      const model = catalogModel(options, engine, request.model);
      const { country, language } = askerLocale(request.context);
      const api = new BrightDataClient(options, request.signal);
      const collection = request.collection ?? memoryCollection(request.seed, options);
      const { id } = await postOnce({
        provider: PROVIDER,
        clock: options.clock,
        timeoutMs: options.timeoutMs,
        collection,
        lookUp: (postedAt) =>
          lookUpSnapshot(api, options, dataset.datasetId, collection.tag, postedAt),
        post: async () => {
          const input = {
            url: dataset.url,
            prompt: request.prompt.slice(0, 4096),
            ...(country ? { country } : {}),
            // ChatGPT searches only when allowed (its default); the others take no switch.
            ...(engine === "chatgpt_app" ? { web_search: true } : {}),
            [TASK_FIELD]: collection.tag,
          };
          const body = { input: [input], custom_input_fields: [TASK_FIELD] };
          return { id: await api.trigger(dataset.datasetId, body) };
        },
      });
      const records = await collected(api, options, id).catch(async (error: unknown) => {
        // The run was cancelled while the app answered: stop the collection, which Bright Data
        // would otherwise finish and bill with nothing to charge it to.
        if (request.signal?.aborted) await cancelCollection(options, id);
        throw error;
      });
      const record = recordFor(records, collection.tag, options, id);
      const app = readAppRecord(record);
      return {
        ...app,
        // An app that showed nothing is what a person asking it saw (and Bright Data billed it).
        end: app.answer.trim() ? "completed" : "not_shown",
        inputTokens: 0,
        outputTokens: 0,
        costMicrousd: costAt(model, { inputTokens: 0, outputTokens: 0, requests: 1 }),
        country: country ?? null,
        language: language ?? null,
      };
    });
}

/** The collection's records once ready (its progress, then its download; 202 while it builds). */
function collected(api: BrightDataClient, options: ConnectorOptions, id: string) {
  return pollUntil<SnapshotRecord[]>({
    provider: PROVIDER,
    clock: options.clock,
    everyMs: POLL_MS,
    forMs: WAIT_MS,
    look: async () => {
      const { status, error_message } = await api.progress(id);
      if (status === "failed" || status === "canceled")
        throw new EngineError(
          `${PROVIDER}'s collection ${status === "failed" ? "failed" : "was cancelled"}${error_message ? `: ${error_message.slice(0, 300)}` : "."} It is not triggered again.`,
          false,
        );
      if (status !== "ready") return undefined;
      return (await api.download(id)) ?? undefined;
    },
  });
}

/** Asks Bright Data to stop a collection, outside the cancelled call; a refusal is only logged. */
async function cancelCollection(options: ConnectorOptions, snapshotId: string): Promise<void> {
  await new BrightDataClient(options, undefined).cancel(snapshotId).catch((error: unknown) => {
    options.logger.warn(
      { snapshotId, err: error instanceof Error ? error.message : String(error) },
      `${PROVIDER} did not cancel a collection of a cancelled run`,
    );
  });
}

/**
 * This answer's record of its collection: the one tagged with the task. A lone record without a
 * tag is taken (the collection was triggered for this answer alone) and logged: Bright Data
 * documents custom input fields coming back with records, and a look-up of a lost trigger relies
 * on it. A record tagged for another task is never taken.
 */
function recordFor(
  records: SnapshotRecord[],
  tag: string,
  options: ConnectorOptions,
  snapshotId: string,
): SnapshotRecord {
  const tagged = recordTagged(records, TASK_FIELD, tag);
  if (tagged) return tagged;
  const [only] = records;
  if (records.length === 1 && only && recordTag(only, TASK_FIELD) === undefined) {
    options.logger.warn(
      { snapshotId },
      `${PROVIDER} returned a record without its custom input field ${TASK_FIELD}; a lost trigger cannot be found again`,
    );
    return only;
  }
  throw new EngineError(
    `${PROVIDER}'s collection holds ${records.length} records and none for this answer; it is not triggered again.`,
    false,
  );
}

/**
 * The collection triggered with `tag` around `postedAt` (from LOOKUP_MARGIN_MS before it to its
 * timeout and the margin after), among the dataset's collections: a finished one is downloaded and
 * its record's tag compared. A collection still running may be the one, so the look fails
 * (retryable, after RUNNING_RETRY_SECONDS) until every candidate has finished; a record that
 * carries no tag at all makes it impossible to tell, so the answer fails for good. Only a
 * complete look that finds nothing lets the answer be triggered again.
 */
async function lookUpSnapshot(
  api: BrightDataClient,
  options: ConnectorOptions,
  datasetId: string,
  tag: string,
  postedAt: Date,
): Promise<string | undefined> {
  const from = new Date(postedAt.getTime() - LOOKUP_MARGIN_MS);
  const to = new Date(postedAt.getTime() + options.timeoutMs + LOOKUP_MARGIN_MS);
  let running = false;
  for (let page = 0; page < LOOKUP_PAGES; page++) {
    const listed = await api.list(datasetId, {
      from,
      to,
      skip: page * LOOKUP_PAGE,
      limit: LOOKUP_PAGE,
    });
    for (const snapshot of listed) {
      const created = snapshot.created ? Date.parse(snapshot.created) : Number.NaN;
      if (!Number.isNaN(created) && (created < from.getTime() || created > to.getTime())) continue;
      // Failed and cancelled collections hold no billed record; ours holds one.
      if (snapshot.status === "failed" || snapshot.status === "canceled") continue;
      if (snapshot.dataset_size != null && snapshot.dataset_size > 1) continue;
      if (snapshot.status !== "ready") {
        running = true;
        continue;
      }
      const records = await downloadOrSkip(api, snapshot.id);
      if (records === null) running = true;
      if (!records) continue;
      if (recordTagged(records, TASK_FIELD, tag)) return snapshot.id;
      if (records.some((record) => recordTag(record, TASK_FIELD) === undefined))
        throw new EngineError(
          `${PROVIDER} returned a collection's record without its custom input field, so whether this answer was triggered cannot be told; it is not triggered again.`,
          false,
        );
    }
    if (listed.length < LOOKUP_PAGE) {
      if (!running) return undefined;
      throw new EngineError(
        `A ${PROVIDER} collection triggered around this answer's trigger is still running; it is looked up again on retry.`,
        true,
        RUNNING_RETRY_SECONDS,
      );
    }
  }
  throw new EngineError(
    `${PROVIDER} lists more than ${LOOKUP_PAGES * LOOKUP_PAGE} collections around this answer's trigger; it is looked up again on retry.`,
    true,
    RUNNING_RETRY_SECONDS,
  );
}

/**
 * A candidate's records; null while it builds; undefined when Bright Data refuses it (an empty
 * or expired collection, "Snapshot is empty", "Snapshot does not exist"): not this answer's.
 */
async function downloadOrSkip(
  api: BrightDataClient,
  snapshotId: string,
): Promise<SnapshotRecord[] | null | undefined> {
  try {
    return await api.download(snapshotId);
  } catch (error) {
    if (error instanceof EngineError && error.providerRefused && !error.rateLimited)
      return undefined;
    throw error;
  }
}

export const createChatGptAppEngine = createAppEngine("chatgpt_app");
export const createPerplexityAppEngine = createAppEngine("perplexity_app");
export const createGeminiAppEngine = createAppEngine("gemini_app");
export const createCopilotAppEngine = createAppEngine("copilot_app");
