import { once } from "node:events";
import { Worker } from "node:worker_threads";
import { withBackgroundPriority, withRequestPriority } from "@geopulse/db";
import { describe, expect, it } from "vitest";
import { yieldToEventLoop } from "../../src/services/analysis/cpu-slices.js";

/**
 * Work that yields (CPU slices, services/analysis/cpu-slices.ts) gets one turn of the event
 * loop at a time, a request's first, so I/O waits behind one slice however many tasks slice.
 */
describe("slice turns", () => {
  it("lets the database thread's reply in after one slice, however many tasks slice", async () => {
    // A thread that answers every message at once, as the embedded database answers a
    // transaction's statement: the reply waits only for this thread's event loop.
    const database = new Worker(
      `const { parentPort } = require("node:worker_threads");
       parentPort.on("message", (m) => parentPort.postMessage(m));`,
      { eval: true },
    );
    await once(database, "online");
    let slices = 0;
    let slicing = true;
    const tasks = [1, 2, 3, 4].map(async () => {
      while (slicing) {
        const end = performance.now() + 5;
        while (performance.now() < end); // a slice of CPU work
        slices++;
        await withBackgroundPriority(yieldToEventLoop);
      }
    });
    const slicesPerTrip: number[] = [];
    for (let trip = 0; trip < 5; trip++) {
      const before = slices;
      database.postMessage(trip);
      await once(database, "message");
      slicesPerTrip.push(slices - before);
    }
    slicing = false;
    await Promise.all(tasks);
    await database.terminate();
    // With a setImmediate per task, every task's slice ran before each reply (4 a trip).
    expect(Math.max(...slicesPerTrip)).toBeLessThanOrEqual(1);
  });

  it("gives a request's slice the next turn, before background work waiting longer", async () => {
    const order: string[] = [];
    const background = [1, 2, 3].map((n) =>
      withBackgroundPriority(yieldToEventLoop).then(() => order.push(`background ${n}`)),
    );
    const request = withRequestPriority(yieldToEventLoop).then(() => order.push("request"));
    await Promise.all([...background, request]);
    expect(order).toEqual(["request", "background 1", "background 2", "background 3"]);
  });
});
