import { eventually } from "./eventually.js";
import type { TestServer } from "./test-server.js";

/**
 * Waits until no queued job of the workspace is due or running: a finished run
 * queues follow-ups (changes, impacts, recommendations) that write after the
 * run reads as done, so a test comparing the database before and after an
 * action settles them first.
 */
export async function workspaceJobsSettled(t: TestServer, workspaceId: string): Promise<void> {
  await eventually(async () => {
    const [row] = await t.server.ctx.prisma.$queryRawUnsafe<Array<{ pending: number }>>(
      `SELECT count(*)::int AS pending FROM pgboss.job
        WHERE data->>'workspaceId' = $1 AND state IN ('created', 'retry', 'active')
          AND start_after <= now()`,
      workspaceId,
    );
    return row?.pending === 0 ? true : undefined;
  });
}
