import { newId } from "../../src/ids.js";
import {
  fingerprintOf,
  loadAnalysisSubject,
} from "../../src/services/analysis/analysis-subject.js";
import { listStaleDays } from "../../src/services/analysis/list-stale-days.js";
import { eventually } from "../harness/eventually.js";
import type { TestServer } from "../harness/test-server.js";
import { seedPrompts, waitForRun } from "../runs/run-fixtures.js";

/** Adds one active prompt of a category (written directly; the prompts API has its own tests). */
export async function seedPrompt(
  t: TestServer,
  slug: string,
  category: string,
  text: string,
  where: { language?: string; region?: string | null } = {},
) {
  const prisma = t.server.ctx.prisma;
  const workspace = await prisma.workspace.findUniqueOrThrow({ where: { slug } });
  const now = t.clock.now();
  await prisma.prompt.create({
    data: {
      id: newId("prm", t.clock),
      workspaceId: workspace.id,
      text,
      textKey: text.toLowerCase(),
      category,
      language: where.language ?? "en",
      region: where.region ?? null,
      tags: [],
      active: true,
      source: "manual",
      createdAt: now,
      updatedAt: now,
    },
  });
}

/** Starts a run through the API and waits for it to finish on the queue. */
export async function runAndWait(t: TestServer, slug: string, cookie: string, preset = "standard") {
  const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/runs`, {
    cookie,
    body: { preset },
  });
  if (started.status !== 202) throw new Error(`run not started: ${started.text}`);
  return waitForRun(t, slug, started.body.runId, cookie, 60_000);
}

/**
 * A new user's workspace (brand "acme") with `prompts` prompts and one finished standard run on
 * the clock's day.
 */
export async function measuredWorkspace(t: TestServer, email: string, prompts: number) {
  const cookie = await t.signIn(email);
  const slug = await t.createWorkspace(cookie, { brand: "acme" });
  await seedPrompts(t, slug, prompts);
  await runAndWait(t, slug, cookie);
  const { id } = await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
  return { cookie, slug, workspaceId: id };
}

/** Every answer of a run, through the API. */
export async function runAnswers(t: TestServer, slug: string, runId: string, cookie: string) {
  const answers: any[] = [];
  let cursor: string | undefined;
  do {
    const page = await t.request<any>(
      "GET",
      `/api/v1/workspaces/${slug}/runs/${runId}/responses?limit=100${cursor ? `&cursor=${cursor}` : ""}`,
      { cookie },
    );
    answers.push(...page.body.data);
    cursor = page.body.nextCursor ?? undefined;
  } while (cursor);
  return answers;
}

/** Days of a workspace whose rollups are not of its current subject and analysis version. */
export async function staleDaysOf(t: TestServer, workspaceId: string) {
  const prisma = t.server.ctx.prisma;
  const subject = await loadAnalysisSubject(prisma, workspaceId);
  const fingerprint = fingerprintOf(subject, t.server.ctx.config.domainTaxonomy);
  return listStaleDays({ db: prisma, workspaceId, fingerprint });
}

/** Re-analysis jobs of a workspace waiting or running. */
export async function reanalysisJobsPending(t: TestServer, workspaceId: string) {
  const [row] = await t.server.ctx.prisma.$queryRawUnsafe<Array<{ n: number }>>(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'workspace-reanalyze-v3'
       AND data->>'workspaceId' = $1 AND state IN ('created', 'retry', 'active')`,
    workspaceId,
  );
  return row?.n ?? 0;
}

/** Waits until no day of the workspace is left to redo and no re-analysis job waits or runs. */
export const reanalysisSettled = (t: TestServer, workspaceId: string, timeoutMs?: number) =>
  eventually(
    async () =>
      (await staleDaysOf(t, workspaceId)).length === 0 &&
      (await reanalysisJobsPending(t, workspaceId)) === 0
        ? true
        : undefined,
    timeoutMs,
  );

/** A day whose rollups a re-analysis must redo (no subject recorded for them). */
export function markDayStale(t: TestServer, workspaceId: string, day: string): Promise<number> {
  return t.server.ctx.prisma.$executeRawUnsafe(
    `UPDATE metric_days SET subject_fingerprint = NULL WHERE workspace_id = $1 AND day = $2::date`,
    workspaceId,
    day,
  );
}
