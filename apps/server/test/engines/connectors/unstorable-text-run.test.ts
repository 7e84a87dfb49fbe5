import { beforeAll, describe, expect, it } from "vitest";
import { FakeAnswerEngine, openAiResponse } from "../../fakes/fake-answer-engine.js";
import type { TestServer } from "../../harness/test-server.js";
import { waitForRun } from "../../runs/run-fixtures.js";
import { connectorRunFixture } from "./connector-run-fixture.js";

/**
 * An engine's text is untrusted, and PostgreSQL stores neither NUL nor a lone UTF-16
 * surrogate: an answer, a search query and titles carrying them (a title one character too
 * long, whose cut at 500 splits an emoji) are stored with U+FFFD in their place, and the run
 * succeeds instead of failing the batch that carried them.
 */
const longTitle = `${"t".repeat(499)}😀 Runner`;
const fake = new FakeAnswerEngine((r) => {
  const answer = openAiResponse(r.body.input, r.body.include) as any;
  const search = answer.output[0];
  search.action.query = `best \udfff tools`;
  const text = answer.output.find((item: any) => item.type === "message").content[0];
  text.text = `Runner\u0000 Analytics \ud800leads for teams [1], ahead of Globex [2].`;
  text.annotations[0].title = longTitle;
  return answer;
});
const fixture = connectorRunFixture({
  provider: "openai",
  start: () => fake.start(),
  close: () => fake.close(),
  baseUrl: () => fake.url,
  promptCount: 2,
  storeKey: "sk-test",
  email: "unstorable-text@example.com",
});
let t: TestServer;
beforeAll(() => {
  ({ t } = fixture);
});

describe("a run whose engine sends text PostgreSQL cannot store", () => {
  it("stores it with U+FFFD in place of NUL and lone surrogates, and succeeds", async () => {
    const { cookie, slug } = fixture;
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
      cookie,
      body: { preset: "smoke" },
    });
    expect(started.status).toBe(202);
    const run = await waitForRun(t, slug, started.body.runId, cookie);
    expect(run).toMatchObject({ status: "succeeded", progress: { failed: 0 } });
    const answers = (
      await t.request<any>("GET", `/api/v1/workspaces/${slug}/runs/${run.runId}/responses`, {
        cookie,
      })
    ).body.data as any[];
    const answer = answers.find((a) => a.engine === "openai");
    expect(answer.answer).toBe(
      "Runner\uFFFD Analytics \uFFFDleads for teams [1], ahead of Globex [2].",
    );
    expect(answer.searchQueries).toContain("best \uFFFD tools");
    expect(answer.citations[0].title).toBe(`${"t".repeat(499)}\uFFFD`);
  });
});
