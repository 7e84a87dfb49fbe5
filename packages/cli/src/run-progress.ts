import type { Run } from "@geopulse/api-types";
import type { Writer } from "./context.js";
import { printable } from "./format.js";

/**
 * Progress of a run on stderr: a redrawn bar on a terminal, otherwise a line
 * per 10% step or change of status (so logs stay short and always end with the
 * run's final state, even when every answer was in before the run finished).
 */
export function runProgress(stderr: Writer): { update(run: Run): void; done(): void } {
  let last = "";
  return {
    update(run) {
      const { total, completed, failed } = run.progress;
      const finished = completed + failed;
      const ratio = total === 0 ? 1 : finished / total;
      const label = printable(
        `${run.status} ${finished}/${total} answers${failed ? `, ${failed} failed` : ""}`,
      );
      if (stderr.isTTY) {
        const width = 24;
        const filled = Math.round(ratio * width);
        stderr.write(`\r[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${label}\u001b[K`);
        return;
      }
      const step = `${run.status} ${Math.floor(ratio * 10)}`;
      if (step !== last) {
        last = step;
        stderr.write(`${label}\n`);
      }
    },
    done() {
      if (stderr.isTTY) stderr.write("\n");
    },
  };
}
