import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import {
  APP_DATASETS,
  createChatGptAppEngine,
  createCopilotAppEngine,
  createPerplexityAppEngine,
  TASK_FIELD,
} from "../../../src/engines/brightdata/brightdata-engine.js";
import type { AnswerEngine, TaskCollection } from "../../../src/engines/engine.js";
import {
  ANSWER_MARKDOWN,
  BRIGHTDATA_DATASETS,
  CHATGPT_MODEL,
  CITED,
  CONSULTED,
  FakeBrightData,
  WEB_SEARCH_QUERIES,
} from "../../fakes/fake-brightdata.js";
import { caught, optionsFor, request } from "./connector-cases.js";
import { storedCollection as stored_ } from "./stored-collection.js";

/** This file's own clock: waiting for a collection moves it (the shared one stays put). */
const clock = new ManualClock("2026-02-10T12:00:00Z");
const storedCollection = (tag: string, stored: { taskId?: string; postedAt?: Date } = {}) =>
  stored_(clock, tag, stored);

const failing = "please fail this prompt";
const broken = "please break the collection";
const fake = new FakeBrightData({
  now: () => clock.now(),
  failInput: (input) => input.prompt === failing,
  failSnapshot: (input) => input.prompt === broken,
});
const options = () => optionsFor(fake, { apiKey: fake.apiKey, clock });
const ask = (engine: AnswerEngine, collection: TaskCollection, prompt?: string, region?: string) =>
  engine.ask({ ...request("brightdata-app", prompt, region ?? null), collection });
const chatgpt = () => createChatGptAppEngine(options());

beforeAll(() => fake.start());
afterAll(() => fake.close());
beforeEach(() => {
  fake.readyAfterPolls = 1;
});

describe("the consumer app connectors (Bright Data)", () => {
  it("uses the datasets Bright Data documents for each app", () => {
    for (const engine of ["chatgpt_app", "perplexity_app", "gemini_app", "copilot_app"] as const)
      expect(APP_DATASETS[engine].datasetId).toBe(BRIGHTDATA_DATASETS[engine].datasetId);
  });

  it("triggers one tagged collection, stores its id, waits for it and reads the app's answer", async () => {
    const collection = storedCollection("rsp_chatgpt_1");
    const before = fake.snapshots.length;
    const answer = await ask(chatgpt(), collection, undefined, "uk");
    const made = fake.snapshots.slice(before);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ datasetId: APP_DATASETS.chatgpt_app.datasetId });
    expect(made[0]?.inputs).toEqual([
      {
        url: "https://chatgpt.com/",
        prompt: "Which analytics tool is best?",
        country: "GB",
        web_search: true,
        [TASK_FIELD]: "rsp_chatgpt_1",
      },
    ]);
    const trigger = fake.requests.find((r) => r.path.startsWith("/datasets/v3/trigger"));
    expect(trigger?.path).toContain("include_errors=true");
    expect(trigger?.body).toMatchObject({ custom_input_fields: [TASK_FIELD] });
    expect(trigger?.headers.authorization).toBe(fake.authorization);
    expect(collection.state.taskId).toBe(made[0]?.id);
    // Running once, then ready; downloaded once. The wait is the injected clock's.
    const looked = fake.requests.filter((r) => r.path.includes(made[0]?.id ?? "-"));
    expect(looked.map((r) => r.path.split("?")[0]?.split("/")[3])).toEqual([
      "progress",
      "progress",
      "snapshot",
    ]);
    expect(answer).toMatchObject({
      answer: ANSWER_MARKDOWN,
      end: "completed",
      servedModel: CHATGPT_MODEL,
      inputTokens: 0,
      outputTokens: 0,
      country: "GB",
      language: "en",
    });
    expect(answer.citations.map((c) => c.url)).toEqual(CITED.map((c) => c.url));
    // Read, not cited: what ChatGPT's search found beyond its citations.
    expect(answer.usedSources?.map((c) => c.url)).toEqual(
      CONSULTED.filter((s) => !CITED.includes(s)).map((s) => s.url),
    );
    // The catalog's price of a record ($0.005).
    expect(answer.costMicrousd).toBe(5_000n);
  });

  it("reads Perplexity's record (string positions, its sources and searches), and Copilot's", async () => {
    const perplexity = await ask(
      createPerplexityAppEngine(options()),
      storedCollection("rsp_pplx"),
    );
    expect(fake.snapshots.at(-1)?.inputs[0]).not.toHaveProperty("web_search");
    expect(perplexity.citations.map((c) => c.url)).toEqual(CITED.map((c) => c.url));
    expect(perplexity.searchQueries).toEqual(WEB_SEARCH_QUERIES);
    expect(perplexity.servedModel).toBeNull();
    const copilot = await ask(createCopilotAppEngine(options()), storedCollection("rsp_copilot"));
    expect(fake.snapshots.at(-1)?.inputs[0]).toMatchObject({
      url: "https://copilot.microsoft.com/chats",
    });
    expect(copilot.citations.length).toBeGreaterThan(0);
  });

  it("downloads the collection an earlier ask stored instead of triggering again", async () => {
    const first = storedCollection("rsp_resume");
    await ask(chatgpt(), first);
    const triggered = fake.triggered;
    const again = storedCollection("rsp_resume", { taskId: first.state.taskId as string });
    expect((await ask(chatgpt(), again)).answer).toBe(ANSWER_MARKDOWN);
    expect(fake.triggered).toBe(triggered);
  });

  it("finds a collection whose trigger a dead worker never stored by its tag, and never triggers it twice", async () => {
    const startedAt = clock.now();
    const lost = storedCollection("rsp_lost");
    await ask(chatgpt(), lost);
    const triggered = fake.triggered;
    // Reclaimed once the trigger has settled (one younger than its timeout may be in flight).
    clock.advance(70_000);
    const resumed = storedCollection("rsp_lost", { postedAt: startedAt });
    expect((await ask(chatgpt(), resumed)).answer).toBe(ANSWER_MARKDOWN);
    expect(resumed.state.taskId).toBe(lost.state.taskId);
    expect(fake.triggered).toBe(triggered);
    expect(fake.requests.some((r) => r.path.startsWith("/datasets/v3/snapshots?"))).toBe(true);
    // A trigger that never reached Bright Data is not listed: it is triggered.
    await ask(
      chatgpt(),
      storedCollection("rsp_never", { postedAt: new Date(clock.now().getTime() - 70_000) }),
    );
    expect(fake.triggered).toBe(triggered + 1);
  });

  it("waits for a collection still running around a lost trigger before triggering again", async () => {
    fake.readyAfterPolls = 1_000;
    const busy = storedCollection("rsp_busy");
    expect((await caught(ask(chatgpt(), busy))).retryable).toBe(true);
    const triggered = fake.triggered;
    const lookUp = await caught(
      ask(chatgpt(), storedCollection("rsp_busy_lost", { postedAt: busy.state.postedAt as Date })),
    );
    expect(lookUp).toMatchObject({ retryable: true });
    expect(lookUp.message).toMatch(/still running; it is looked up again on retry/);
    expect(fake.triggered).toBe(triggered);
  });

  it("fails at no cost when Bright Data could not collect the answer, and never triggers again", async () => {
    const billed = fake.billedRecords;
    const errorRecord = storedCollection("rsp_failed_input");
    const failed = await caught(ask(chatgpt(), errorRecord, failing));
    expect(failed).toMatchObject({ retryable: false });
    expect(failed.message).toMatch(/could not collect the answer \(dead_page\)/);
    const collection = await caught(ask(chatgpt(), storedCollection("rsp_broken"), broken));
    expect(collection).toMatchObject({ retryable: false });
    expect(collection.message).toMatch(/collection failed/);
    expect(fake.billedRecords).toBe(billed);
  });

  it("gives up waiting after 20 minutes with a retryable failure, keeping the collection", async () => {
    fake.readyAfterPolls = 1_000;
    const collection = storedCollection("rsp_slow");
    const error = await caught(ask(chatgpt(), collection));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/had not finished the task after 20 minutes/);
    expect(collection.state.taskId).not.toBeNull();
  });

  it("maps Bright Data's refusals: a wrong key, too many running jobs, a 5xx, an unknown dataset", async () => {
    fake.failText(401, "Invalid credentials");
    const key = await caught(ask(chatgpt(), storedCollection("rsp_e1")));
    expect(key).toMatchObject({ retryable: false });
    expect(key.message).toMatch(/Bright Data rejected the API key \(401\)/);
    fake.rateLimit(1, 30);
    expect(await caught(ask(chatgpt(), storedCollection("rsp_e2")))).toMatchObject({
      retryable: true,
      rateLimited: true,
      retryAfterSeconds: 30,
    });
    fake.fail(502, { error: "Bad gateway" });
    expect(await caught(ask(chatgpt(), storedCollection("rsp_e3")))).toMatchObject({
      retryable: true,
    });
    fake.failText(404, "dataset does not exist");
    expect(await caught(ask(chatgpt(), storedCollection("rsp_e4")))).toMatchObject({
      retryable: false,
    });
  });
});
