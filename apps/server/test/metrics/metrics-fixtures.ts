import { newId } from "../../src/ids.js";
import type { TestServer } from "../harness/test-server.js";
import { waitForRun } from "../runs/run-fixtures.js";

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
