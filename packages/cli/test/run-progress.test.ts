import type { Run } from "@geopulse/api-types";
import { describe, expect, it } from "vitest";
import { runProgress } from "../src/run-progress.js";
import { memoryIo } from "./helpers.js";

const at = (status: string, completed: number, total = 3) =>
  ({ status, progress: { total, completed, failed: 0 } }) as unknown as Run;

describe("run progress off a terminal", () => {
  it("writes a line per 10% step and per change of status, so the last line is the final state", () => {
    const io = memoryIo({});
    const progress = runProgress(io.stderr);
    // Every answer is in while the run is still finishing: the final status still gets its line.
    for (const run of [at("queued", 0), at("running", 3), at("running", 3), at("succeeded", 3)]) {
      progress.update(run);
    }
    progress.done();
    expect(io.err()).toBe("queued 0/3 answers\nrunning 3/3 answers\nsucceeded 3/3 answers\n");
  });
});
