import { expect } from "vitest";
import type { AnswerEngine } from "../../src/engines/engine.js";
import { createSimulatedEngine } from "../../src/engines/simulated/simulated-engine.js";
import { newId } from "../../src/ids.js";
import type { TestServer } from "../harness/test-server.js";
import { untilWorkspaceChange } from "../harness/workspace-changes.js";

/** Active prompts for a workspace, written directly (the prompts API has its own tests). */
export async function seedPrompts(t: TestServer, slug: string, count: number): Promise<void> {
  const prisma = t.server.ctx.prisma;
  const workspace = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
  const categories = ["discovery", "comparison", "use_case", "problem_solution", "expert"];
  const now = t.clock.now();
  await prisma.prompt.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      id: newId("prm", t.clock),
      workspaceId: workspace.id,
      text: `Which analytics tool is best for team ${i}?`,
      textKey: `which analytics tool is best for team ${i}?`,
      category: categories[i % categories.length] ?? "discovery",
      language: "en",
      region: null,
      tags: [],
      active: true,
      source: "manual",
      createdAt: now,
      updatedAt: now,
    })),
  });
}

/** Waits until the run has finished (woken by its status change; the queue works in real time). */
export async function waitForRun(
  t: TestServer,
  slug: string,
  runId: string,
  cookie: string,
  timeoutMs = 30_000,
) {
  let last = "";
  return untilWorkspaceChange(
    t.server.ctx.db,
    async () => {
      const response = await t.request<any>("GET", `/api/v1/workspaces/${slug}/runs/${runId}`, {
        cookie,
      });
      last = response.text;
      return response.body.finishedAt ? response.body : undefined;
    },
    timeoutMs,
  ).catch((error: unknown) => {
    throw new Error(`run ${runId} did not finish: ${last}`, { cause: error });
  });
}

/** The simulated engine until `answersBeforeHang` answers, then hanging until woken (a dead worker). */
export function hangingEngine(answersBeforeHang: number): { engine: AnswerEngine; wake(): void } {
  const inner = createSimulatedEngine();
  let answered = 0;
  let wake = () => {};
  const hung = new Promise<void>((resolve) => {
    wake = resolve;
  });
  return {
    engine: {
      id: "simulated",
      simulated: true,
      async ask(request) {
        if (answered++ >= answersBeforeHang) await hung;
        return inner.ask(request);
      },
    },
    wake: () => wake(),
  };
}

/** Stores a measurement model asking exactly these engines (each with its model), default weights. */
export async function useEngines(
  t: TestServer,
  slug: string,
  cookie: string,
  engines: Record<string, string>,
): Promise<void> {
  const put = await t.request<any>("PUT", `/api/v1/workspaces/${slug}/model`, {
    cookie,
    body: {
      engines: Object.entries(engines).map(([engine, model]) => ({ engine, model, enabled: true })),
      weights: { visibility: 0.4, shareOfVoice: 0.3, position: 0.15, citation: 0.15 },
    },
  });
  expect(put.status, put.text).toBe(200);
}
