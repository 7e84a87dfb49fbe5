/**
 * A re-analysis to run beside a run bench's run: the bench's workspace gets `days` days of
 * stored answers before today (filled in-process by metrics-fixture.mjs, as
 * reanalysis-latency.mjs does; their prompts are then set inactive, so the measured run asks
 * only the bench's own), and `start` edits a competitor's aliases through the API, which queues
 * the re-analysis of every one of those days, and tells when its job has completed.
 */
import { reanalyzeWorkspaceJob } from "../apps/server/src/jobs/definitions/reanalyze-workspace-job.js";
import { queueName } from "../apps/server/src/jobs/job-definition.js";
import { fillWorkspace } from "./metrics-fixture.mjs";
import type { RunBench } from "./run-setup.js";

const ENGINES = ["openai", "perplexity", "gemini", "anthropic", "exa"];
const dayMs = 86_400_000;

/** Fills the stored days; returns how many answers they hold. */
export async function fillStoredDays(
  bench: RunBench,
  options: { days: number; prompts: number },
): Promise<number> {
  const today = Date.parse(new Date().toISOString().slice(0, 10));
  const day = (back: number) => new Date(today - back * dayMs).toISOString().slice(0, 10);
  const answers: number = await fillWorkspace({
    db: bench.db,
    slug: bench.slug,
    days: Array.from({ length: options.days }, (_, i) => day(options.days - i)),
    prompts: options.prompts,
    engines: ENGINES,
    lastDay: day(1),
    storeAnswers: true,
  });
  await bench.db.prisma.prompt.updateMany({
    where: { id: { startsWith: `prm_${bench.slug}_` } },
    data: { active: false },
  });
  return answers;
}

/** Queues the re-analysis of every stored day; `done` settles when its job has completed. */
export async function startReanalysis(bench: RunBench): Promise<{ done: Promise<number> }> {
  const competitors = await bench.call("GET", `${bench.ws}/competitors`, bench.cookie);
  const globex = competitors.body.data.find((c: { name: string }) => c.name === "Globex");
  const started = performance.now();
  // A new alias changes the analysis subject: every stored day is out of date.
  await bench.call("PATCH", `${bench.ws}/competitors/${globex.competitorId}`, bench.cookie, {
    aliases: ["Globex", "pricing"],
  });
  const queue = queueName(reanalyzeWorkspaceJob);
  const done = (async () => {
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const rows = await bench.db.prisma.$queryRawUnsafe<{ n: number }[]>(
        "SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state = 'completed'",
        queue,
      );
      if ((rows[0]?.n ?? 0) > 0) return (performance.now() - started) / 1000;
    }
  })();
  return { done };
}
