import { expect } from "vitest";
import { workspaceJobsSettled } from "../harness/workspace-jobs.js";
import { runAndWait, runAnswers } from "../metrics/metrics-fixtures.js";
import { seedPrompts } from "../runs/run-fixtures.js";
import { type ChatServer, startChatServer } from "./chat-fixtures.js";

/** The day the run measures and the chat asks about. */
export const runDay = "2026-03-04";

export interface RealToolsServer extends ChatServer {
  runId: string;
  /** The run's stored answers, as GET …/runs/{runId}/responses lists them. */
  answers: any[];
}

/**
 * A chat server on the DEFAULT toolbox (the registry's real tools, no
 * stand-ins) whose workspace has one finished run with stored answers: the
 * simulated engine's, or, with `perplexityUrl`, a fake Perplexity's (so a
 * test decides what an answer says). Only Perplexity is enabled, so the
 * chat model's operator key never makes OpenAI a measured engine.
 */
export async function startRealToolsServer(
  provider: "openai" | "simulated",
  options: { perplexityUrl?: string } = {},
): Promise<RealToolsServer> {
  const s = await startChatServer(provider, {
    assistantToolbox: undefined,
    env: {
      GEO_QUEUE_POLL_SECONDS: "0.5",
      // The server reads provider keys and addresses at start.
      ...(options.perplexityUrl
        ? { PERPLEXITY_API_KEY: "pplx-operator-key", PERPLEXITY_BASE_URL: options.perplexityUrl }
        : {}),
    },
  });
  const path = `/api/v1/workspaces/${s.slug}/model`;
  const current = await s.t.request<any>("GET", path, { cookie: s.cookie });
  const { engines, weights, assistant } = current.body;
  const put = await s.t.request("PUT", path, {
    cookie: s.cookie,
    body: {
      engines: engines.map((e: any) => ({ ...e, enabled: e.engine === "perplexity" })),
      weights,
      assistant,
    },
  });
  expect(put.status).toBe(200);
  s.t.clock.set(`${runDay}T09:00:00.000Z`);
  await seedPrompts(s.t, s.slug, 4);
  const run = await runAndWait(s.t, s.slug, s.cookie, "standard");
  expect(run.status).toBe("succeeded");
  const answers = await runAnswers(s.t, s.slug, run.runId, s.cookie);
  expect(answers.length).toBeGreaterThan(0);
  const workspace = await s.t.server.ctx.prisma.workspace.findUniqueOrThrow({
    where: { slug: s.slug },
  });
  await workspaceJobsSettled(s.t, workspace.id);
  return { ...s, runId: run.runId, answers };
}

/** The tool steps of an assistant message. */
export const toolSteps = (message: any): any[] =>
  message.steps.filter((step: any) => step.kind === "tool");
