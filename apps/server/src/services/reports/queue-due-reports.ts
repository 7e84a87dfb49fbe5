import type { AppContext } from "../../context.js";
import { generateReportsJob } from "../../jobs/definitions/generate-reports-job.js";
import { type ReportFrequency, reportPeriods } from "./report-periods.js";

/**
 * Queues the report generation of every workspace whose report schedule is
 * due. Every process's sweeper calls this each minute; moving `nextReportAt`
 * forward with a conditional update is the claim (so each due time is acted on
 * once), and `lastReportAt` records the due time the job reports on. After
 * downtime over several due times, only the latest is reported. Returns the
 * workspaces queued.
 */
export async function queueDueReports({ ctx }: { ctx: AppContext }): Promise<string[]> {
  const now = ctx.clock.now();
  const due = await ctx.prisma.workspace.findMany({
    where: { nextReportAt: { lte: now }, reportFrequency: { not: null } },
    select: { id: true, reportFrequency: true, nextReportAt: true },
    orderBy: { nextReportAt: "asc" },
    take: 50,
  });
  const queued: string[] = [];
  for (const w of due) {
    const frequency = w.reportFrequency as ReportFrequency;
    const claimed = await ctx.prisma.workspace.updateMany({
      where: { id: w.id, nextReportAt: w.nextReportAt },
      data: {
        nextReportAt: reportPeriods.nextDue(frequency, now),
        lastReportAt: reportPeriods.latestDue(frequency, now),
      },
    });
    if (claimed.count === 0) continue;
    await ctx.queue.enqueue(generateReportsJob, { workspaceId: w.id });
    queued.push(w.id);
  }
  return queued;
}
