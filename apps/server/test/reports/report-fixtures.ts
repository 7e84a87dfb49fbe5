import { generateReport } from "../../src/services/reports/generate-report.js";
import { REPORT_TYPES } from "../../src/services/reports/report-catalog.js";
import type { TestServer } from "../harness/test-server.js";
import { runAndWait, seedPrompt } from "../metrics/metrics-fixtures.js";
import { seedPrompts } from "../runs/run-fixtures.js";

export const day1 = "2026-03-04";
export const day2 = "2026-03-05";
export const period = { from: "2026-02-27", to: day2 };

/**
 * A workspace measured on two days by the simulated engine (one prompt whose
 * text looks like a spreadsheet formula), and one report of every type over
 * the week ending on the second day, generated as the system does. Returns
 * the report ids by type.
 */
export async function seedReports(
  t: TestServer,
  brand: string,
): Promise<{ cookie: string; slug: string; workspaceId: string; ids: Record<string, string> }> {
  t.clock.set(`${day1}T09:00:00.000Z`);
  const cookie = await t.signIn(`${brand}@example.com`);
  const slug = await t.createWorkspace(cookie, { brand });
  await seedPrompts(t, slug, 4);
  await seedPrompt(t, slug, "discovery", '=HYPERLINK("http://evil.example") which tool, "quoted"?');
  await runAndWait(t, slug, cookie, "smoke");
  t.clock.set(`${day2}T09:00:00.000Z`);
  await runAndWait(t, slug, cookie, "smoke");
  const workspace = await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
  const ids: Record<string, string> = {};
  for (const type of REPORT_TYPES) {
    const made = await generateReport({
      ctx: t.server.ctx,
      workspaceId: workspace.id,
      type,
      period,
      trigger: "run",
    });
    if (!made) throw new Error("workspace vanished");
    ids[type] = made.reportId;
  }
  return { cookie, slug, workspaceId: workspace.id, ids };
}
