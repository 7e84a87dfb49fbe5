import { expect } from "vitest";
import { newId } from "../../src/ids.js";
import { eventually } from "../harness/eventually.js";
import type { TestServer } from "../harness/test-server.js";
import { type Caller, call } from "../workspace-config/config-fixtures.js";

export { type Caller, call, expectError, fieldsOf } from "../workspace-config/config-fixtures.js";

/** The environment of a server whose page fetches may reach these local sites. */
export function fetchEnv(ports: number[], extra: Record<string, string> = {}) {
  return {
    GEO_FETCH_ALLOW_LOOPBACK: "true",
    GEO_FETCH_PORTS: ports.join(","),
    GEO_QUEUE_POLL_SECONDS: "0.5",
    GEO_PAGE_EVALUATIONS_PER_MINUTE: "1000",
    ...extra,
  };
}

/** Starts an evaluation and expects 202. */
export async function start(t: TestServer, caller: Caller, slug: string, body: unknown) {
  const response = await call(t, caller, "POST", slug, "/page-evaluations", body);
  expect(response.status, response.text).toBe(202);
  return response.body;
}

/** Waits until the evaluation has finished and returns it as the API answers it. */
export function finished(t: TestServer, caller: Caller, slug: string, id: string) {
  return eventually(async () => {
    const response = await call(t, caller, "GET", slug, `/page-evaluations/${id}`);
    expect(response.status, response.text).toBe(200);
    return ["succeeded", "failed"].includes(response.body.status) ? response.body : undefined;
  }, 60_000);
}

/** Starts an evaluation of `url` and waits for its end. */
export async function evaluate(t: TestServer, caller: Caller, slug: string, url: string) {
  const started = await start(t, caller, slug, { url });
  return finished(t, caller, slug, started.id);
}

/** The checks of an evaluation by id. */
export function checksOf(evaluation: { checks: Array<{ id: string }> }): Record<string, any> {
  return Object.fromEntries(evaluation.checks.map((check) => [check.id, check]));
}

/**
 * Stores analysed answers of the workspace citing these URLs (as the analysis stores them: a
 * run, its prompt, one answer per citation with its registrable domain), for the citation checks.
 */
export async function seedCitations(
  t: TestServer,
  slug: string,
  citations: Array<{ url: string; domain: string; engine: string; prompt: string }>,
) {
  const prisma = t.server.ctx.prisma;
  const clock = t.clock;
  const workspace = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
  const now = clock.now();
  const runId = newId("run", clock);
  await prisma.run.create({
    data: {
      id: runId,
      workspaceId: workspace.id,
      preset: "smoke",
      status: "succeeded",
      engines: [...new Set(citations.map((c) => c.engine))],
      skippedEngines: [],
      repetitions: 1,
      promptCount: citations.length,
      totalTasks: citations.length,
      completedTasks: citations.length,
      failedTasks: 0,
      estimateMicrousd: 0n,
      costMicrousd: 0n,
      triggeredBy: "user",
      createdAt: now,
      finishedAt: now,
    },
  });
  const prompts = new Map<string, string>();
  for (const [index, citation] of citations.entries()) {
    let promptId = prompts.get(citation.prompt);
    if (!promptId) {
      promptId = newId("prm", clock);
      prompts.set(citation.prompt, promptId);
      await prisma.prompt.create({
        data: {
          id: promptId,
          workspaceId: workspace.id,
          text: citation.prompt,
          textKey: citation.prompt.toLowerCase(),
          category: "discovery",
          language: "en",
          tags: [],
          active: true,
          source: "manual",
          createdAt: now,
          updatedAt: now,
        },
      });
    }
    const responseId = newId("rsp", clock);
    await prisma.engineResponse.create({
      data: {
        id: responseId,
        runId,
        workspaceId: workspace.id,
        promptId,
        engine: citation.engine,
        model: "test-model",
        repetition: index,
        status: "succeeded",
        answer: `See ${citation.url}`,
        searchQueries: [],
        costMicrousd: 0n,
        attempts: 1,
        simulated: false,
        createdAt: now,
        completedAt: now,
        analysisVersion: 1,
        citations: {
          create: [
            {
              id: newId("cit", clock),
              position: 1,
              url: citation.url,
              domain: citation.domain,
              taxonomy: "owned",
            },
          ],
        },
      },
    });
  }
}
