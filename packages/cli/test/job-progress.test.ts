import { describe, expect, it } from "vitest";
import { Context } from "../src/context.js";
import { CliError } from "../src/errors.js";
import { endJob, followJob, jobProgress } from "../src/job-progress.js";
import { memoryIo } from "./helpers.js";

describe("job progress", () => {
  it("writes a line per change when stderr is not a terminal", () => {
    const io = memoryIo({});
    const progress = jobProgress(io.stderr);
    progress.update({ status: "queued", made: 0, failed: 0, planned: 3 });
    progress.update({ status: "queued", made: 0, failed: 0, planned: 3 });
    progress.update({ status: "running", made: 2, failed: 1, planned: 3 });
    progress.done();
    expect(io.err()).toBe("queued 0/3 calls\nrunning 2/3 calls, 1 failed\n");
  });

  it("redraws a bar on a terminal", () => {
    const io = memoryIo({});
    io.stderr.isTTY = true;
    const progress = jobProgress(io.stderr);
    progress.update({ status: "running", made: 1, failed: 0, planned: 2 });
    progress.done();
    expect(io.err()).toBe(`\r[${"#".repeat(12)}${"-".repeat(12)}] running 1/2 calls\u001b[K\n`);
  });

  it("polls until the job has finished", async () => {
    const io = memoryIo({});
    const ctx = new Context(io);
    const states = [
      { status: "running", finishedAt: null, made: 1 },
      { status: "succeeded", finishedAt: "2026-01-01T00:00:00Z", made: 2 },
    ];
    const step = (job: { status: string; made: number }) => ({ ...job, failed: 0, planned: 2 });
    const first = { status: "queued", finishedAt: null, made: 0 };
    const done = await followJob(ctx, first, async () => states.shift() ?? first, step);
    expect(done.status).toBe("succeeded");
    expect(io.err()).toBe("queued 0/2 calls\nrunning 1/2 calls\nsucceeded 2/2 calls\n");
  });
});

describe("endJob", () => {
  it("warns for partial and exits 1 (error) for failed", () => {
    const io = memoryIo({});
    const ctx = new Context(io);
    endJob(ctx, "generation pgn_1", { status: "succeeded", error: null });
    endJob(ctx, "generation pgn_1", { status: "partial", error: "1 of 2 calls failed" });
    expect(io.err()).toBe(
      "warning: generation pgn_1 finished with some calls failed: 1 of 2 calls failed\n",
    );
    let thrown: unknown;
    try {
      endJob(ctx, "research rsj_1", { status: "failed", error: "every call failed" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CliError);
    expect(thrown).toMatchObject({
      exitCode: 1,
      message: "research rsj_1 failed: every call failed",
    });
  });
});
