import { describe, expect, it } from "vitest";
import { type RunTask, TaskFeed } from "../../src/services/runs/task-feed.js";

const task = (id: string, engine: string): RunTask => ({
  id,
  promptId: "prm_1",
  engine,
  model: "m",
  repetition: 1,
});

describe("a run's task feed", () => {
  it("hands out an engine's tasks in order and waits for more until it is ended", async () => {
    const feed = new TaskFeed([task("a", "openai"), task("b", "exa")]);
    expect(await feed.next("openai")).toMatchObject({ id: "a" });
    const waiting = feed.next("openai");
    const other = feed.next("anthropic");
    feed.add([task("c", "openai"), task("d", "openai")]);
    expect(await waiting).toMatchObject({ id: "c" });
    expect(await feed.next("openai")).toMatchObject({ id: "d" });
    feed.end();
    expect(await other).toBeUndefined();
    expect(await feed.next("openai")).toBeUndefined();
    // Tasks left for an engine are still handed out after the end.
    expect(await feed.next("exa")).toMatchObject({ id: "b" });
    expect(await feed.next("exa")).toBeUndefined();
  });

  it("hands out a task added twice once (read, then returned again by its chunk)", async () => {
    const feed = new TaskFeed([task("a", "openai")]);
    feed.add([task("a", "openai"), task("b", "openai")]);
    feed.end();
    expect(await feed.next("openai")).toMatchObject({ id: "a" });
    expect(await feed.next("openai")).toMatchObject({ id: "b" });
    expect(await feed.next("openai")).toBeUndefined();
  });

  it("stops every lane at its next take when ended by a failure", async () => {
    const feed = new TaskFeed([task("a", "openai")]);
    const waiting = feed.next("exa");
    const failure = new Error("the database went away");
    feed.end(failure);
    expect(await waiting).toBeUndefined();
    expect(await feed.next("openai")).toBeUndefined();
    expect(feed.failure).toBe(failure);
  });
});
