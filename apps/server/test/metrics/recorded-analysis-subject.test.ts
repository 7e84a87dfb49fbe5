import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  analyzeBeforeRecording,
  analyzeRecordedAnswers,
  type PreparedAnalyses,
  type RecordedAnalysis,
  type RecordedAnswer,
} from "../../src/services/analysis/analyze-recorded-answers.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
let slug: string;
let workspaceId: string;

beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("recorded-analysis@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme" });
  workspaceId = (await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } })).id;
}, 60_000);
afterAll(() => t.close());

const answer: RecordedAnswer = {
  responseId: "rsp_recorded_analysis_1",
  engine: "openai",
  promptId: "prm_recorded_analysis_1",
  prompt: { category: "discovery", language: "en", region: null },
  answer: "For small teams, Acme and Zorblatt are the usual picks.",
  citations: [],
};

class Rollback extends Error {
  constructor(readonly analysis: RecordedAnalysis) {
    super("rollback");
  }
}

/** What the recording transaction stores of the answer given `prepared`; nothing is kept. */
async function recordedMentions(prepared: PreparedAnalyses) {
  const ctx = t.server.ctx;
  try {
    await ctx.prisma.$transaction(async (tx) => {
      const analysis = await analyzeRecordedAnswers({
        tx,
        now: ctx.clock.now(),
        workspaceId,
        day: "2026-03-04",
        answers: [answer],
        prepared,
        analyzers: ctx.analyzers,
        taxonomy: ctx.config.domainTaxonomy,
      });
      throw new Rollback(analysis);
    });
  } catch (error) {
    if (error instanceof Rollback) return error.analysis.mentions.rows.map((r) => r.entity_id);
    throw error;
  }
  throw new Error("the transaction was not rolled back");
}

const prepare = () =>
  analyzeBeforeRecording({
    db: t.server.ctx.prisma,
    workspaceId,
    answers: [answer],
    analyzers: t.server.ctx.analyzers,
    taxonomy: t.server.ctx.config.domainTaxonomy,
  });

describe("answers analysed before their recording transaction", () => {
  it("are stored as analysed while the subject is the one they were analysed with", async () => {
    const prepared = await prepare();
    expect(await recordedMentions(prepared)).toEqual(["self"]);
    // The transaction takes the prepared analysis as it is: it does not analyse again.
    const none = new Map([...prepared.analyses].map(([id, a]) => [id, { ...a, mentions: [] }]));
    expect(await recordedMentions({ ...prepared, analyses: none })).toEqual([]);
  });

  it("are analysed again in the transaction when the subject changed in between", async () => {
    const prepared = await prepare();
    const created = await t.request<any>("POST", `/api/v1/workspaces/${slug}/competitors`, {
      cookie,
      body: {
        name: "Zorblatt",
        domains: ["zorblatt.com"],
        aliases: ["Zorblatt Inc"],
        ambiguous: false,
      },
    });
    expect(created.status).toBe(201);
    const mentioned = await recordedMentions(prepared);
    expect(mentioned).toContain("self");
    expect(mentioned).toContain(created.body.competitorId);
  });
});
