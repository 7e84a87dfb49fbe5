import { afterEach, describe, expect, it } from "vitest";
import {
  ANSWER_MARKDOWN,
  ANSWER_TEXT,
  BRIGHTDATA_DATASETS,
  CHATGPT_MODEL,
  CITED,
  CONSULTED,
  DATASET_IDS,
  DEAD_PAGE,
  FakeBrightData,
  type FakeBrightDataOptions,
  MESSAGES,
  notReadyBody,
  SNAPSHOT_FAILED_BODY,
  WEB_SEARCH_QUERIES,
} from "./fake-brightdata.js";

let clock = new Date("2026-03-02T09:00:00Z");
const started: FakeBrightData[] = [];

async function fake(options: FakeBrightDataOptions = {}) {
  const server = await new FakeBrightData({ now: () => clock, ...options }).start();
  started.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
  clock = new Date("2026-03-02T09:00:00Z");
});

/** One call with the fake's key (or `key`), the body read as JSON when it is JSON. */
async function call(server: FakeBrightData, path: string, init: RequestInit = {}, key?: string) {
  const headers = { authorization: `Bearer ${key ?? server.apiKey}`, ...init.headers };
  const response = await fetch(`${server.url}${path}`, { ...init, headers });
  const text = await response.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {}
  return { status: response.status, body, type: response.headers.get("content-type") };
}

function trigger(server: FakeBrightData, datasetId: string, inputs: unknown, query = "") {
  return call(server, `/datasets/v3/trigger?dataset_id=${datasetId}${query}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof inputs === "string" ? inputs : JSON.stringify(inputs),
  });
}

const chatgpt = BRIGHTDATA_DATASETS.chatgpt_app;
const ask = (prompt: string, extra: Record<string, unknown> = {}) => ({
  url: chatgpt.url,
  prompt,
  ...extra,
});

describe("FakeBrightData", () => {
  it("triggers, reports running, answers 202 while building, then the records", async () => {
    const server = await fake({ readyAfterPolls: 2 });
    const input = ask("Best CRM for startups?", { country: "us", row_id: "r-17" });
    const triggered = await trigger(server, chatgpt.datasetId, [input], "&include_errors=true");
    expect(triggered.status).toBe(200);
    const id = triggered.body.snapshot_id as string;
    expect(id).toMatch(/^sd_[0-9a-z]{18}$/);

    const progress = () => call(server, `/datasets/v3/progress/${id}`);
    const download = () => call(server, `/datasets/v3/snapshot/${id}?format=json`);
    expect((await progress()).body).toEqual({
      snapshot_id: id,
      dataset_id: chatgpt.datasetId,
      status: "running",
    });
    expect(await download()).toMatchObject({ status: 202, body: notReadyBody("running") });
    clock = new Date("2026-03-02T09:00:40Z");
    expect((await progress()).body).toMatchObject({ status: "ready", records: 1, errors: 0 });

    const { status, body } = await download();
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      url: chatgpt.url,
      prompt: "Best CRM for startups?",
      answer_text: ANSWER_TEXT,
      answer_text_markdown: ANSWER_MARKDOWN,
      model: CHATGPT_MODEL,
      web_search_triggered: true,
      country: "us",
      timestamp: "2026-03-02T09:00:40.000Z",
      input,
    });
    expect(body[0].citations.map((c: any) => c.url)).toEqual(CITED.map((s) => s.url));
    expect(body[0].search_sources.map((c: any) => c.url)).toEqual(CONSULTED.map((s) => s.url));
    expect(server.requests.at(-1)?.headers.authorization).toBe(server.authorization);
    expect([server.triggered, server.billedRecords, server.downloads]).toEqual([1, 1, 1]);
  });

  it("refuses a missing or wrong key with the documented texts", async () => {
    const server = await fake();
    const bad = await call(server, "/datasets/v3/progress/sd_x", {}, "other-key");
    expect(bad).toMatchObject({ status: 401, body: MESSAGES.invalidCredentials });
    expect(bad.type).toContain("text/html");
    const basic = await fetch(`${server.url}/datasets/v3/snapshots?dataset_id=x`, {
      headers: { authorization: "Basic Zm9vOmJhcg==" },
    });
    expect([basic.status, await basic.text()]).toEqual([401, MESSAGES.authMethod]);
    const none = await fetch(`${server.url}/datasets/v3/progress/sd_x`);
    expect([none.status, await none.text()]).toEqual([401, MESSAGES.missingCredentials]);
    expect(server.triggered).toBe(0);
  });

  it("validates the dataset, the body and each input", async () => {
    const server = await fake();
    const missing = await trigger(server, chatgpt.datasetId, [{ url: chatgpt.url }]);
    expect(missing).toMatchObject({
      status: 400,
      body: {
        error: "Invalid input provided",
        code: "validation_error",
        errors: [["prompt", "Required field"]],
      },
    });
    const badUrl = await trigger(server, chatgpt.datasetId, [{ url: "chatgpt", prompt: "x" }]);
    expect(badUrl.body.errors).toEqual([["url", "This field must be a valid url"]]);
    const notJson = await trigger(server, chatgpt.datasetId, "[{url:");
    expect(notJson.body).toMatchObject({ code: "parse_error" });
    expect((await trigger(server, chatgpt.datasetId, [])).body).toBe(MESSAGES.noData);
    const unknown = await trigger(server, "gd_unknown", [ask("x")]);
    expect(unknown).toMatchObject({ status: 404, body: MESSAGES.datasetNotFound });
    const wrapped = await trigger(server, chatgpt.datasetId, { input: [ask("x")] });
    expect(wrapped.status).toBe(200);
    expect(server.triggered).toBe(1);
    expect(await call(server, "/datasets/v3/progress/sd_nope")).toMatchObject({
      status: 404,
      body: MESSAGES.snapshotNotFound,
    });
  });

  it("lists a dataset's snapshots newest first, filtered and paged", async () => {
    const server = await fake({ readyAfterPolls: 0 });
    const ids: string[] = [];
    for (const minute of [0, 1, 2]) {
      clock = new Date(`2026-03-02T09:0${minute}:00Z`);
      ids.push((await trigger(server, chatgpt.datasetId, [ask(`q${minute}`)])).body.snapshot_id);
    }
    const other = BRIGHTDATA_DATASETS.perplexity_app;
    await trigger(server, other.datasetId, [{ url: other.url, prompt: "p" }]);
    await call(server, `/datasets/v3/progress/${ids[0]}`); // ready at the first look
    const list = (query: string) =>
      call(server, `/datasets/v3/snapshots?dataset_id=${chatgpt.datasetId}${query}`);
    const all = await list("");
    expect(all.body.map((s: any) => s.id)).toEqual([...ids].reverse());
    expect(all.body[2]).toEqual({
      id: ids[0],
      created: "2026-03-02T09:00:00.000Z",
      status: "ready",
      dataset_id: chatgpt.datasetId,
      dataset_size: 1,
    });
    expect((await list("&status=running")).body.map((s: any) => s.id)).toEqual([ids[2], ids[1]]);
    expect((await list("&from_date=2026-03-02T09:01:00Z")).body).toHaveLength(2);
    expect((await list("&to_date=2026-03-02T09:00:30Z")).body).toHaveLength(1);
    expect((await list("&skip=1&limit=1")).body.map((s: any) => s.id)).toEqual([ids[1]]);
  });

  it("returns a failed input as an error record, unbilled, only with include_errors", async () => {
    const server = await fake({ failInput: (input) => input.prompt === "broken" });
    const inputs = [ask("fine"), ask("broken")];
    const withErrors = await trigger(server, chatgpt.datasetId, inputs, "&include_errors=true");
    const id = withErrors.body.snapshot_id;
    await call(server, `/datasets/v3/progress/${id}`);
    expect((await call(server, `/datasets/v3/progress/${id}`)).body).toMatchObject({
      status: "ready",
      records: 1,
      errors: 1,
    });
    const records = (await call(server, `/datasets/v3/snapshot/${id}?format=json`)).body;
    expect(records).toHaveLength(2);
    expect(records[1]).toEqual({
      timestamp: clock.toISOString(),
      input: inputs[1],
      error: DEAD_PAGE.error,
      error_code: DEAD_PAGE.error_code,
    });
    expect(server.billedRecords).toBe(1);

    const quiet = (await trigger(server, chatgpt.datasetId, [ask("broken")])).body.snapshot_id;
    await call(server, `/datasets/v3/progress/${quiet}`);
    const empty = await call(server, `/datasets/v3/snapshot/${quiet}`);
    expect(empty).toMatchObject({ status: 400, body: MESSAGES.snapshotEmpty });
    expect(server.billedRecords).toBe(1);
  });

  it("fails a whole snapshot, and cancels a running one", async () => {
    const server = await fake({ failSnapshot: (input) => input.prompt === "doomed" });
    const failed = (await trigger(server, chatgpt.datasetId, [ask("doomed")])).body.snapshot_id;
    await call(server, `/datasets/v3/progress/${failed}`);
    expect((await call(server, `/datasets/v3/progress/${failed}`)).body).toMatchObject({
      status: "failed",
      error_message: "Collection failed",
    });
    const download = await call(server, `/datasets/v3/snapshot/${failed}`);
    expect(download).toMatchObject({ status: 400, body: SNAPSHOT_FAILED_BODY });

    const running = (await trigger(server, chatgpt.datasetId, [ask("q")])).body.snapshot_id;
    const cancel = () =>
      call(server, `/datasets/v3/snapshot/${running}/cancel`, { method: "POST" });
    expect(await cancel()).toMatchObject({ status: 200, body: "OK" });
    expect((await call(server, `/datasets/v3/progress/${running}`)).body.status).toBe("canceled");
    expect(await cancel()).toMatchObject({ status: 400, body: MESSAGES.notRunning });
    expect([server.billedRecords, server.downloads]).toEqual([0, 0]);
  });

  it("builds Perplexity's record, filters custom_output_fields and answers 429 at the job limit", async () => {
    const server = await fake({ readyAfterPolls: 0, runningJobsLimit: 1 });
    const { datasetId, url } = BRIGHTDATA_DATASETS.perplexity_app;
    expect(datasetId).toBe(DATASET_IDS.perplexity);
    const id = (await trigger(server, datasetId, [{ url, prompt: "p", tag: "t1" }])).body
      .snapshot_id;
    const limited = await trigger(server, datasetId, [{ url, prompt: "p" }]);
    expect(limited.status).toBe(429);
    expect(limited.body).toContain("Running jobs: 1>=1");
    const [record] = (await call(server, `/datasets/v3/snapshot/${id}`)).body;
    expect(record.citations[0]).toEqual({
      domain: CITED[0]?.domain,
      position: "1",
      title: CITED[0]?.title,
      url: CITED[0]?.url,
    });
    expect(record).toMatchObject({ web_search_query: WEB_SEARCH_QUERIES, input: { tag: "t1" } });

    const chat = await trigger(
      server,
      chatgpt.datasetId,
      [ask("q")],
      "&custom_output_fields=answer_text|input.prompt",
    );
    const [picked] = (await call(server, `/datasets/v3/snapshot/${chat.body.snapshot_id}`)).body;
    expect(picked).toEqual({ answer_text: ANSWER_TEXT, input: { prompt: "q" } });
    server.rateLimit(1, 30);
    const queued = await trigger(server, chatgpt.datasetId, [ask("q")]);
    expect(queued.status).toBe(429);
  });
});
