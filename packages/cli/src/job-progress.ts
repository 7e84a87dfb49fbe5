import type { Context, Writer } from "./context.js";
import { CliError, ExitCode } from "./errors.js";
import { printable } from "./format.js";

/** Where a background job stands: provider calls made (failed ones included) of those planned. */
export interface JobStep {
  status: string;
  made: number;
  failed: number;
  planned: number;
}

/**
 * Progress of a prompt generation or research job on stderr: a redrawn bar on
 * a terminal, otherwise a line whenever the count of calls made changes.
 */
export function jobProgress(stderr: Writer): { update(step: JobStep): void; done(): void } {
  let last = "";
  return {
    update({ status, made, failed, planned }) {
      const ratio = planned === 0 ? 1 : Math.min(made / planned, 1);
      const label = printable(
        `${status} ${made}/${planned} calls${failed ? `, ${failed} failed` : ""}`,
      );
      if (stderr.isTTY) {
        const width = 24;
        const filled = Math.round(ratio * width);
        stderr.write(`\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${label}\u001b[K`);
        return;
      }
      if (label !== last) {
        last = label;
        stderr.write(`${label}\n`);
      }
    },
    done() {
      if (stderr.isTTY) stderr.write("\n");
    },
  };
}

interface Job {
  status: string;
  finishedAt: string | null;
}

/** Polls `reload` once a second until the job has finished, showing progress on stderr. */
export async function followJob<T extends Job>(
  ctx: Context,
  first: T,
  reload: () => Promise<T>,
  step: (job: T) => JobStep,
): Promise<T> {
  const progress = jobProgress(ctx.io.stderr);
  let job = first;
  while (!job.finishedAt) {
    progress.update(step(job));
    await ctx.sleep(1000);
    job = await reload();
  }
  progress.update(step(job));
  progress.done();
  return job;
}

/**
 * Ends a finished job: a warning for `partial` (some calls failed, exit 0), and
 * exit code 1 for `failed` (every call failed). Call after printing any --json.
 */
export function endJob(
  ctx: Context,
  what: string,
  job: { status: string; error: string | null },
): void {
  if (job.status === "partial") {
    ctx.info(
      `warning: ${what} finished with some calls failed${job.error ? `: ${job.error}` : "."}`,
    );
  }
  if (job.status === "failed") {
    throw new CliError(`${what} failed${job.error ? `: ${job.error}` : "."}`, ExitCode.error);
  }
}
