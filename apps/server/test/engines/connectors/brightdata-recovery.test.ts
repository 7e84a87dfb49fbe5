import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import {
  APP_DATASETS,
  createChatGptAppEngine,
  TASK_FIELD,
} from "../../../src/engines/brightdata/brightdata-engine.js";
import type { TaskCollection } from "../../../src/engines/engine.js";
import { ANSWER_MARKDOWN, FakeBrightData } from "../../fakes/fake-brightdata.js";
import { caught, optionsFor, request, warnings } from "./connector-cases.js";
import { storedCollection as stored_ } from "./stored-collection.js";

/**
 * Bright Data's collections when things go wrong between the trigger and the record: a trigger
 * still in flight, a trigger refused, collections of others around a lost one, records that do
 * not carry the task's tag, a collection still building, a run cancelled while the app answers.
 * In every case an answer is triggered at most once.
 */
const clock = new ManualClock("2026-03-10T12:00:00Z");
const storedCollection = (tag: string, stored: { taskId?: string; postedAt?: Date } = {}) =>
  stored_(clock, tag, stored);
const untagged = "answer me without the tag";
const fake = new FakeBrightData({
  now: () => clock.now(),
  // A record whose input comes back without the custom input field.
  answerFor: (input) =>
    input.prompt === untagged ? { input: { url: input.url, prompt: input.prompt } } : undefined,
});
const options = (overrides = {}) => optionsFor(fake, { apiKey: fake.apiKey, clock, ...overrides });
const ask = (collection: TaskCollection, prompt?: string, signal?: AbortSignal) =>
  createChatGptAppEngine(options()).ask({
    ...request("brightdata-app", prompt),
    collection,
    ...(signal ? { signal } : {}),
  });

beforeAll(() => fake.start());
afterAll(() => fake.close());
beforeEach(() => {
  fake.readyAfterPolls = 1;
});

describe("Bright Data collections that go wrong", () => {
  it("neither looks up nor triggers while an earlier trigger may still be on its way", async () => {
    const triggered = fake.triggered;
    const requests = fake.requests.length;
    const young = storedCollection("rsp_young", {
      postedAt: new Date(clock.now().getTime() - 1000),
    });
    const error = await caught(ask(young));
    expect(error).toMatchObject({ retryable: true });
    // The 5 s timeout and the minute's margin, less the second gone.
    expect(error.retryAfterSeconds).toBe(64);
    expect(fake.triggered).toBe(triggered);
    expect(fake.requests.length).toBe(requests);
  });

  it("releases the claim when Bright Data refuses the trigger, so the retry triggers it once", async () => {
    const collection = storedCollection("rsp_refused");
    fake.rateLimit(1, 5);
    expect(await caught(ask(collection))).toMatchObject({ rateLimited: true, retryable: true });
    expect(collection.state).toEqual({ taskId: null, postedAt: null });
    const triggered = fake.triggered;
    expect((await ask(collection)).answer).toBe(ANSWER_MARKDOWN);
    expect(fake.triggered).toBe(triggered + 1);
    // A trigger that timed out may have reached Bright Data: its claim stays.
    fake.hang();
    const lost = storedCollection("rsp_hung");
    const impatient = createChatGptAppEngine(options({ timeoutMs: 100 }));
    const timedOut = await caught(
      impatient.ask({ ...request("brightdata-app"), collection: lost }),
    );
    expect(timedOut).toMatchObject({ retryable: true, providerRefused: false });
    expect(lost.state.postedAt).not.toBeNull();
  });

  it("skips others' collections around a lost trigger (empty, large) and finds its own", async () => {
    const startedAt = clock.now();
    const mine = storedCollection("rsp_among_others");
    await ask(mine);
    // Another user of the account: a collection that ended empty, and one of several records.
    const other = async (inputs: object[], errors: boolean) =>
      fetch(
        `${fake.url}/datasets/v3/trigger?dataset_id=${APP_DATASETS.chatgpt_app.datasetId}${errors ? "&include_errors=true" : ""}`,
        {
          method: "POST",
          headers: { authorization: fake.authorization, "content-type": "application/json" },
          body: JSON.stringify(inputs),
        },
      ).then((r) => r.json() as Promise<{ snapshot_id: string }>);
    const empty = await other([{ url: "https://chatgpt.com/", prompt: "x", country: "??" }], false);
    fake.snapshot(empty.snapshot_id).inputs = [];
    const many = await other(
      [
        { url: "https://chatgpt.com/", prompt: "a" },
        { url: "https://chatgpt.com/", prompt: "b" },
      ],
      true,
    );
    for (const id of [empty.snapshot_id, many.snapshot_id]) {
      await fetch(`${fake.url}/datasets/v3/progress/${id}`, {
        headers: { authorization: fake.authorization },
      });
      await fetch(`${fake.url}/datasets/v3/progress/${id}`, {
        headers: { authorization: fake.authorization },
      });
    }
    clock.advance(70_000);
    const triggered = fake.triggered;
    const resumed = storedCollection("rsp_among_others", { postedAt: startedAt });
    expect((await ask(resumed)).answer).toBe(ANSWER_MARKDOWN);
    expect(resumed.state.taskId).toBe(mine.state.taskId);
    expect(fake.triggered).toBe(triggered);
    // The large one was never downloaded.
    expect(
      fake.requests.some((r) => r.path.startsWith(`/datasets/v3/snapshot/${many.snapshot_id}`)),
    ).toBe(false);
  });

  it("takes a lone record without the tag, and never triggers again when a look-up meets one", async () => {
    const before = warnings.length;
    const startedAt = clock.now();
    const answer = await ask(storedCollection("rsp_untagged"), untagged);
    expect(answer.answer).toBe(ANSWER_MARKDOWN);
    expect(warnings.slice(before).map((w) => w.message)).toEqual([
      `Bright Data returned a record without its custom input field ${TASK_FIELD}; a lost trigger cannot be found again`,
    ]);
    clock.advance(70_000);
    const triggered = fake.triggered;
    const lost = await caught(ask(storedCollection("rsp_untagged_lost", { postedAt: startedAt })));
    expect(lost).toMatchObject({ retryable: false });
    expect(lost.message).toMatch(/cannot be told; it is not triggered again/);
    expect(fake.triggered).toBe(triggered);
  });

  it("waits while a ready collection's download still answers 202", async () => {
    const first = storedCollection("rsp_building");
    await ask(first);
    const id = first.state.taskId as string;
    fake.fail(200, {
      snapshot_id: id,
      dataset_id: APP_DATASETS.chatgpt_app.datasetId,
      status: "ready",
    });
    // The docs' answer while a snapshot is built.
    fake.fail(202, { status: "building", message: "Snapshot is building, try again in 10s" });
    const again = storedCollection("rsp_building", { taskId: id });
    expect((await ask(again)).answer).toBe(ANSWER_MARKDOWN);
    const downloads = fake.requests.filter((r) => r.path.startsWith(`/datasets/v3/snapshot/${id}`));
    expect(downloads.length).toBeGreaterThanOrEqual(3);
  });

  it("cancels the collection when the run is cancelled while the app answers", async () => {
    fake.readyAfterPolls = 1_000;
    const stop = new AbortController();
    const collection = storedCollection("rsp_cancelled");
    const waiting = createChatGptAppEngine(
      options({
        // The run is cancelled during the first wait between two looks.
        clock: {
          now: () => clock.now(),
          sleep: async (ms: number) => {
            stop.abort();
            await clock.sleep(ms);
          },
        },
      }),
    ).ask({ ...request("brightdata-app"), collection, signal: stop.signal });
    expect(await caught(waiting)).toMatchObject({ retryable: false });
    expect(fake.snapshot(collection.state.taskId as string).status).toBe("canceled");
  });
});
