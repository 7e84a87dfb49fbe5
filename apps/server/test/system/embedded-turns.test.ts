import {
  type EmbeddedDatabase,
  openPgliteThread,
  withBackgroundPriority,
  withRequestPriority,
} from "@geopulse/db";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

const REQUEST_TURNS_IN_A_ROW = 8;

/**
 * The embedded database runs one statement or transaction at a time: a request's statement
 * waiting with background work's goes first, and background work still gets a turn after
 * every REQUEST_TURNS_IN_A_ROW requests' (packages/db/src/embedded/turns.ts).
 */
describe.skipIf(process.env.DATABASE_URL)("turns on the embedded database", () => {
  let db: EmbeddedDatabase;
  beforeAll(async () => {
    db = await openPgliteThread({ dataDir: "memory://" });
  });
  afterAll(async () => {
    await db?.close();
  });

  /**
   * Queues `calls` while a background transaction holds the database (its first statement
   * answered), then ends it; returns the calls' labels in the order they were answered.
   */
  async function orderAfterHold(calls: Array<{ label: string; request: boolean }>) {
    const answered: string[] = [];
    const queued: Promise<void>[] = [];
    await withBackgroundPriority(() =>
      db.transaction(async (tx) => {
        await tx.query("SELECT 1");
        for (const { label, request } of calls) {
          const send = () => db.query(`SELECT '${label}' AS label`);
          const sent = request ? withRequestPriority(send) : withBackgroundPriority(send);
          queued.push(sent.then(() => void answered.push(label)));
        }
      }),
    );
    await Promise.all(queued);
    return answered;
  }

  test("a request's statement goes before background statements asked for earlier", async () => {
    const order = await orderAfterHold([
      { label: "job-1", request: false },
      { label: "job-2", request: false },
      { label: "job-3", request: false },
      { label: "request", request: true },
    ]);
    expect(order).toEqual(["request", "job-1", "job-2", "job-3"]);
  });

  test("background work gets a turn after eight requests' in a row", async () => {
    const requests = Array.from({ length: REQUEST_TURNS_IN_A_ROW + 3 }, (_, i) => ({
      label: `request-${i + 1}`,
      request: true,
    }));
    const order = await orderAfterHold([{ label: "job", request: false }, ...requests]);
    expect(order).toEqual([
      ...requests.slice(0, REQUEST_TURNS_IN_A_ROW).map((r) => r.label),
      "job",
      ...requests.slice(REQUEST_TURNS_IN_A_ROW).map((r) => r.label),
    ]);
  });

  test("a request's transaction waits for its turn as a whole, then goes first", async () => {
    const answered: string[] = [];
    let queued: Promise<unknown>[] = [];
    await withBackgroundPriority(() =>
      db.transaction(async (tx) => {
        await tx.query("SELECT 1");
        queued = [
          withBackgroundPriority(() => db.query("SELECT 1")).then(() => answered.push("job")),
          withRequestPriority(() =>
            db.transaction(async (inner) => {
              await inner.query("SELECT 1");
              await inner.query("SELECT 2");
            }),
          ).then(() => answered.push("request")),
        ];
      }),
    );
    await Promise.all(queued);
    expect(answered).toEqual(["request", "job"]);
  });
});
