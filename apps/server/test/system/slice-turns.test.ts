import { withBackgroundPriority, withRequestPriority } from "@geopulse/db";
import { describe, expect, it } from "vitest";
import { yieldToEventLoop } from "../../src/services/analysis/cpu-slices.js";

/**
 * Work that yields (CPU slices, services/analysis/cpu-slices.ts) gets one turn of the event
 * loop at a time, a request's first, so I/O waits behind one slice however many tasks slice.
 */
describe("slice turns", () => {
  it("runs one waiting task's slice per turn of the event loop, however many tasks wait", async () => {
    // A counter moved once per turn (an immediate that schedules the next): I/O, such as the
    // embedded database's reply a transaction waits for, is polled between two turns.
    let turn = 0;
    let counting = true;
    const tick = () => {
      turn++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const turnsOfSlices: number[] = [];
    await Promise.all(
      [1, 2, 3, 4].map(async () => {
        for (let i = 0; i < 5; i++) {
          await withBackgroundPriority(yieldToEventLoop);
          turnsOfSlices.push(turn);
        }
      }),
    );
    counting = false;
    expect(turnsOfSlices).toHaveLength(20);
    // With a setImmediate per task, the four tasks' slices shared each turn.
    expect(new Set(turnsOfSlices).size).toBe(20);
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
