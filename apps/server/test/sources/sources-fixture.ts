import type { TestResponse, TestServer } from "../harness/test-server.js";
import { runAndWait, seedPrompt } from "../metrics/metrics-fixtures.js";
import { seedPrompts } from "../runs/run-fixtures.js";

export const day1 = "2026-03-04";
export const day2 = "2026-03-05";

/**
 * A workspace measured by the simulated engine on two days (clock left on the
 * second), as the reports' fixture measures one. Returns its run ids by day.
 */
export async function seedMeasuredWorkspace(
  t: TestServer,
  brand: string,
): Promise<{ cookie: string; slug: string; workspaceId: string; runs: string[] }> {
  t.clock.set(`${day1}T09:00:00.000Z`);
  const cookie = await t.signIn(`${brand}@example.com`);
  const slug = await t.createWorkspace(cookie, { brand });
  await seedPrompts(t, slug, 4);
  await seedPrompt(t, slug, "discovery", '<b>Which</b> tool, "quoted"?');
  const first = await runAndWait(t, slug, cookie, "smoke");
  t.clock.set(`${day2}T09:00:00.000Z`);
  const second = await runAndWait(t, slug, cookie, "smoke");
  const workspace = await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
  return { cookie, slug, workspaceId: workspace.id, runs: [first.runId, second.runId] };
}

/** GET `/api/v1/workspaces/{slug}/sources{path}` as a session or a key. */
export function readSources(
  t: TestServer,
  slug: string,
  path: string,
  auth: { cookie: string } | { bearer: string },
): Promise<TestResponse<any>> {
  return t.request<any>("GET", `/api/v1/workspaces/${slug}/sources${path}`, auth);
}
