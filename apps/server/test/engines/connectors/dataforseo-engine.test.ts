import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../../../src/clock.js";
import {
  createGoogleAiModeEngine,
  createGoogleAiOverviewEngine,
  locationCode,
} from "../../../src/engines/dataforseo/dataforseo-engine.js";
import type { TaskCollection } from "../../../src/engines/engine.js";
import {
  AI_MODE_TEXT,
  DATAFORSEO_ERRORS,
  FakeDataForSeo,
  OVERVIEW_TEXT,
} from "../../fakes/fake-dataforseo.js";
import { caught, optionsFor, request } from "./connector-cases.js";
import { storedCollection as stored_ } from "./stored-collection.js";

/** This file's own clock: waiting for DataForSEO's queue moves it (the shared one stays put). */
const clock = new ManualClock("2026-01-15T12:00:00Z");

const storedCollection = (tag: string, stored: { taskId?: string; postedAt?: Date } = {}) =>
  stored_(clock, tag, stored);
/** A post started longer ago than its timeout and margin: settled, so it is looked up. */
const settledAgo = () => new Date(clock.now().getTime() - 70_000);

const noOverviewFor = "what is a spreadsheet";
const fake = new FakeDataForSeo({
  now: () => clock.now(),
  showsOverview: (keyword) => keyword !== noOverviewFor,
  aiModeAnswers: (keyword) => keyword !== noOverviewFor,
});
const options = () => optionsFor(fake, { apiKey: `${fake.login}:${fake.password}`, clock });
const overview = () => createGoogleAiOverviewEngine(options());
const aiMode = () => createGoogleAiModeEngine(options());
const ask = (engine: ReturnType<typeof overview>, collection: TaskCollection, prompt?: string) =>
  engine.ask({ ...request("dataforseo-serp", prompt), collection });

beforeAll(() => fake.start());
afterAll(() => fake.close());
beforeEach(() => {
  fake.readyAfterGets = 1;
});

describe("the Google AI Overview connector (DataForSEO)", () => {
  it("posts one tagged task, stores its id, waits for it and reads the overview and its sources", async () => {
    const collection = storedCollection("rsp_overview_1");
    const before = fake.posted.length;
    const answer = await ask(overview(), collection);
    const posted = fake.posted.slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      seType: "organic",
      keyword: "Which analytics tool is best?",
      tag: "rsp_overview_1",
    });
    expect(posted[0]?.params).toMatchObject({
      location_code: 2840,
      language_code: "en",
      device: "desktop",
      priority: 2,
      depth: 10,
      load_async_ai_overview: true,
    });
    const sent = fake.requests.filter((r) => r.path.includes(posted[0]?.id ?? "-"));
    // Not ready once ("Task In Queue."), then the result; the wait is the injected clock's.
    expect(sent.map((r) => r.method)).toEqual(["GET", "GET"]);
    expect(fake.requests.at(-1)?.headers.authorization).toBe(fake.authorization);
    expect(collection.state.taskId).toBe(posted[0]?.id);
    expect(answer).toMatchObject({
      answer: OVERVIEW_TEXT,
      end: "completed",
      searchQueries: [],
      inputTokens: 0,
      outputTokens: 0,
      servedModel: null,
      country: "US",
      language: "en",
    });
    expect(answer.citations.map((c) => c.url)).toEqual(
      expect.arrayContaining(["https://runner.example/teams", "https://globex.com/compare"]),
    );
    // $0.0012 for the page and $0.0012 for the overview Google loaded after it (priority queue).
    expect(answer.costMicrousd).toBe(2_400n);
  });

  it("asks from the prompt's country and in its language", async () => {
    const answer = await ask(
      overview(),
      storedCollection("rsp_overview_uk"),
      "Which analytics tool is best?",
    );
    expect(answer.country).toBe("US");
    const uk = await overview().ask({
      ...request("dataforseo-serp", "¿Qué herramienta?", "uk", "es"),
      collection: storedCollection("rsp_overview_es"),
    });
    expect(fake.posted.at(-1)?.params).toMatchObject({
      location_code: 2826,
      language_code: "es",
    });
    expect(uk).toMatchObject({ country: "GB", language: "es" });
  });

  it("asks from the workspace's city for the prompts of its country, and says so", async () => {
    const austin = { city: "Austin", country: "US", latitude: 30.26721234, longitude: -97.7431 };
    const ask = (region: string | null, tag: string) => {
      const base = request("dataforseo-serp", "Which analytics tool is best?", region);
      return overview().ask({
        ...base,
        context: { ...base.context, searchLocation: austin },
        collection: storedCollection(tag),
      });
    };
    const local = await ask("us", "rsp_overview_austin");
    const params = fake.posted.at(-1)?.params ?? {};
    // At most 7 decimals, and the radius of the docs' example.
    expect(params.location_coordinate).toBe("30.2672123,-97.7431,200");
    expect(params).not.toHaveProperty("location_code");
    expect(local).toMatchObject({ country: "US", city: "Austin", answer: OVERVIEW_TEXT });
    // A prompt of another country is asked from that country.
    const uk = await ask("uk", "rsp_overview_not_austin");
    expect(fake.posted.at(-1)?.params).toMatchObject({ location_code: 2826 });
    expect(uk).toMatchObject({ country: "GB", city: null });
  });

  it("names the country by its location code, whatever its English name", () => {
    // Google Ads' criterion ids, as DataForSEO's locations list gives them.
    expect(locationCode("US")).toBe(2840);
    expect(locationCode("CZ")).toBe(2203);
    expect(locationCode("TR")).toBe(2792);
    expect(locationCode("DE")).toBe(2276);
    expect(locationCode("XX")).toBeUndefined();
  });

  it("records a page without an AI Overview as an answer that was not shown, charged the page", async () => {
    const answer = await ask(overview(), storedCollection("rsp_overview_none"), noOverviewFor);
    expect(answer).toMatchObject({ answer: "", end: "not_shown", citations: [] });
    expect(answer.costMicrousd).toBe(1_200n);
  });

  it("fetches the task an earlier ask stored instead of posting again", async () => {
    const first = storedCollection("rsp_overview_resume");
    await ask(overview(), first);
    const posts = fake.posted.length;
    const again = storedCollection("rsp_overview_resume", { taskId: first.state.taskId as string });
    const answer = await ask(overview(), again);
    expect(fake.posted.length).toBe(posts);
    expect(answer.answer).toBe(OVERVIEW_TEXT);
  });

  it("finds a task whose post a dead worker never stored by its tag, and does not post it again", async () => {
    const startedAt = clock.now();
    const lost = storedCollection("rsp_overview_lost");
    await ask(overview(), lost);
    const posts = fake.posted.length;
    // The worker died after sending the post: the row knows a post started, not its id.
    // Reclaimed once the post has settled (a post younger than its timeout may be in flight).
    clock.advance(70_000);
    const resumed = storedCollection("rsp_overview_lost", { postedAt: startedAt });
    const answer = await ask(overview(), resumed);
    expect(fake.posted.length).toBe(posts);
    expect(resumed.state.taskId).toBe(lost.state.taskId);
    expect(fake.requests.some((r) => r.path === "/v3/serp/id_list")).toBe(true);
    expect(answer.answer).toBe(OVERVIEW_TEXT);
    // A post that never reached DataForSEO is not listed: it is posted.
    const never = storedCollection("rsp_overview_never", { postedAt: settledAgo() });
    await ask(overview(), never);
    expect(fake.posted.length).toBe(posts + 1);
  });

  it("never posts when the look-up of a lost post fails, or when another ask claimed the post", async () => {
    const posts = fake.posted.length;
    fake.taskError("id_list", ...DATAFORSEO_ERRORS.rateLimit);
    const lookUp = await caught(
      ask(overview(), storedCollection("rsp_lookup_limited", { postedAt: settledAgo() })),
    );
    expect(lookUp).toMatchObject({ retryable: true, rateLimited: true });
    expect(lookUp.message).toMatch(/looking up a post/);
    // Another ask noted its post after this one read the row: this one may not post.
    const raced = storedCollection("rsp_raced");
    const claim = raced.posting;
    raced.posting = async () => {
      await claim(null);
      return null;
    };
    const lost = await caught(ask(overview(), raced));
    expect(lost).toMatchObject({ retryable: true });
    expect(lost.message).toMatch(/Another ask of this task is posting it/);
    expect(fake.posted.length).toBe(posts);
  });

  it("posts again after a refused post, which DataForSEO lists but never ran", async () => {
    const refused = storedCollection("rsp_overview_refused");
    fake.taskError("post", ...DATAFORSEO_ERRORS.insufficientFunds);
    expect(await caught(ask(overview(), refused))).toMatchObject({ kind: "quota_exhausted" });
    // Refused outright: the claim is released, nothing is looked up.
    expect(refused.state).toMatchObject({ taskId: null, postedAt: null });
    // A row that kept the claim (its worker died before releasing it): the look-up skips the
    // refused post DataForSEO lists, and the task is posted.
    const kept = storedCollection("rsp_overview_refused", { postedAt: settledAgo() });
    const posts = fake.posted.length;
    const answer = await ask(overview(), kept);
    expect(fake.posted.length).toBe(posts + 1);
    expect(fake.charged.filter((p) => p.tag === "rsp_overview_refused")).toHaveLength(1);
    expect(answer.answer).toBe(OVERVIEW_TEXT);
  });

  it("gives up waiting after 15 minutes with a retryable failure, keeping the task for the retry", async () => {
    fake.readyAfterGets = 1_000;
    const collection = storedCollection("rsp_overview_slow");
    const error = await caught(ask(overview(), collection));
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/had not finished the task after 15 minutes/);
    expect(collection.state.taskId).not.toBeNull();
  });

  it("maps DataForSEO's status codes: no funds, a refused login, rate limits, Google failing", async () => {
    fake.taskError("post", ...DATAFORSEO_ERRORS.paymentRequired);
    expect(await caught(ask(overview(), storedCollection("rsp_e1")))).toMatchObject({
      retryable: false,
      kind: "quota_exhausted",
    });
    fake.fail(401);
    const refused = await caught(ask(overview(), storedCollection("rsp_e2")));
    expect(refused.retryable).toBe(false);
    expect(refused.message).toMatch(/DataForSEO rejected the API key \(401\)/);
    fake.taskError("post", ...DATAFORSEO_ERRORS.rateLimit);
    expect(await caught(ask(overview(), storedCollection("rsp_e3")))).toMatchObject({
      retryable: true,
      rateLimited: true,
    });
    // A posted task that failed at DataForSEO would fail again when fetched, and posting it
    // again would be charged again: the ask fails for good.
    fake.taskError("get", ...DATAFORSEO_ERRORS.seServerError);
    const failedTask = await caught(ask(overview(), storedCollection("rsp_e4")));
    expect(failedTask).toMatchObject({ retryable: false, rateLimited: false });
    expect(failedTask.message).toMatch(/40101 .*not posted again/);
    fake.fail(500);
    expect(await caught(ask(overview(), storedCollection("rsp_e5")))).toMatchObject({
      retryable: true,
    });
  });
});

describe("the Google AI Mode connector (DataForSEO)", () => {
  it("posts to AI Mode without the organic fields and reads its answer", async () => {
    const before = fake.posted.length;
    const answer = await ask(aiMode(), storedCollection("rsp_mode_1"));
    const posted = fake.posted.slice(before);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ seType: "ai_mode", tag: "rsp_mode_1" });
    expect(posted[0]?.params).not.toHaveProperty("depth");
    expect(posted[0]?.params).not.toHaveProperty("load_async_ai_overview");
    expect(answer).toMatchObject({ answer: AI_MODE_TEXT, end: "completed", country: "US" });
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.costMicrousd).toBe(2_400n);
  });

  it("records AI Mode without an answer as not shown", async () => {
    const answer = await ask(aiMode(), storedCollection("rsp_mode_none"), noOverviewFor);
    expect(answer).toMatchObject({ answer: "", end: "not_shown", citations: [] });
  });
});
