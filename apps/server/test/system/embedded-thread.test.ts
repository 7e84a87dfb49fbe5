import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Database, openDatabase, openPgliteThread, Prisma } from "@geopulse/db";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

/**
 * The embedded database on a thread of its own (the default) must answer exactly as PGlite on
 * the event loop's thread did, through the same Prisma adapter: values, errors, transactions
 * and notifications. Both run side by side here, each on an in-memory database.
 */
describe.skipIf(process.env.DATABASE_URL)("the embedded database on its own thread", () => {
  let threaded: Database;
  let inline: Database;
  beforeAll(async () => {
    [threaded, inline] = await Promise.all([
      openDatabase({ dataDir: "memory://" }),
      openDatabase({ dataDir: "memory://", thread: false }),
    ]);
    for (const db of [threaded, inline])
      await db.pglite?.exec(
        "CREATE TABLE item (id int PRIMARY KEY, name text UNIQUE NOT NULL, n numeric(12,3))",
      );
  });
  afterAll(async () => {
    await Promise.all([threaded?.close(), inline?.close()]);
  });

  test("gives Prisma the same values for every type the adapter parses", async () => {
    const sql = `SELECT 12.5::numeric AS amount, DATE '2026-11-27' AS day,
      TIMESTAMPTZ '2026-11-27 10:11:12.345+00' AS at, TIMESTAMP '2026-11-27 01:02:03' AS local,
      TIME '10:11:12' AS clock, '{"a":[1,2,{"b":null}]}'::jsonb AS doc, '[1,"x"]'::json AS list,
      '\\x00ff10'::bytea AS bytes, 9007199254740993::int8 AS big, 42::int4 AS small,
      ARRAY[1.5, 2.25]::numeric[] AS amounts, ARRAY[DATE '2026-01-02'] AS days,
      ARRAY['{"k":1}'::jsonb] AS docs, NULL::jsonb AS nothing, NULL::numeric AS none,
      true AS yes, 'text' AS words, gen_random_uuid() IS NOT NULL AS uuid_ok`;
    const [fromThread, fromInline] = await Promise.all(
      [threaded, inline].map((db) => db.prisma.$queryRawUnsafe<Record<string, unknown>[]>(sql)),
    );
    expect(fromThread).toEqual(fromInline);
    expect(fromThread?.[0]).toMatchObject({
      amount: new Prisma.Decimal("12.5"),
      doc: { a: [1, 2, { b: null }] },
      big: 9007199254740993n,
      nothing: null,
    });
  });

  test("fails a statement with the database's error as Prisma reports it in one thread", async () => {
    const insert = (db: Database) =>
      db.prisma.$executeRawUnsafe("INSERT INTO item (id, name) VALUES (1, 'a'), (2, 'a')");
    const errors = await Promise.all(
      [threaded, inline].map((db) =>
        insert(db).then(
          () => undefined,
          (error: unknown) => error,
        ),
      ),
    );
    const [fromThread, fromInline] = errors as Prisma.PrismaClientKnownRequestError[];
    expect(fromThread).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
    expect(fromThread?.code).toBe(fromInline?.code);
    expect(fromThread?.meta).toEqual(fromInline?.meta);
    expect(fromThread?.message).toContain("23505");
  });

  test("rolls back a transaction whose callback throws, and commits one that returns", async () => {
    await expect(
      threaded.prisma.$transaction(async (tx) => {
        await tx.$executeRawUnsafe("INSERT INTO item (id, name) VALUES (10, 'ten')");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    await threaded.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("INSERT INTO item (id, name) VALUES (11, 'eleven')");
    });
    const rows = await threaded.prisma.$queryRawUnsafe<{ id: number }[]>(
      "SELECT id FROM item WHERE id IN (10, 11) ORDER BY id",
    );
    expect(rows).toEqual([{ id: 11 }]);
  });

  test("makes a statement outside a transaction wait for the transaction's end", async () => {
    const order: string[] = [];
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = threaded.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("INSERT INTO item (id, name) VALUES (20, 'twenty')");
      inside();
      // The read below is sent now, and must not see the row before this commits.
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push("commit");
    });
    await entered;
    const read = threaded.prisma
      .$queryRawUnsafe<{ n: number }[]>("SELECT count(*)::int AS n FROM item WHERE id = 20")
      .then((rows) => {
        order.push("read");
        return rows[0]?.n;
      });
    await transaction;
    expect(await read).toBe(1);
    expect(order).toEqual(["commit", "read"]);
  });

  test("delivers a notification after its transaction commits, to every listener until it stops", async () => {
    const pglite = threaded.pglite;
    if (!pglite) throw new Error("embedded");
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await pglite.listen("changes", (payload) => first.push(payload));
    const stopSecond = await pglite.listen("changes", (payload) => second.push(payload));
    await threaded.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SELECT pg_notify('changes', 'one')");
    });
    await stopFirst();
    await pglite.exec("NOTIFY changes, 'two'");
    await stopSecond();
    await pglite.exec("NOTIFY changes, 'three'");
    expect(first).toEqual(["one"]);
    expect(second).toEqual(["one", "two"]);
  });

  test("times holds for a bench: each statement, and each transaction whole, waits left out", async () => {
    const pglite = threaded.pglite;
    if (!pglite?.timeHolds) throw new Error("the thread's stand-in times holds");
    const holds: Array<{ sql: string; transaction: boolean; ms: number }> = [];
    await pglite.timeHolds((hold) => holds.push(hold));
    // The statement waits for the transaction's sleep: that wait is not its hold.
    const transaction = threaded.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SELECT pg_sleep(0.5)");
      await tx.$executeRawUnsafe("SELECT 2");
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await threaded.prisma.$queryRawUnsafe("SELECT 1 AS one");
    await transaction;
    await pglite.timeHolds(undefined);
    await threaded.prisma.$queryRawUnsafe("SELECT 3");
    const whole = holds.find((h) => h.transaction);
    expect(whole?.sql).toContain("pg_sleep");
    expect(whole?.ms).toBeGreaterThanOrEqual(490);
    const inside = holds.find((h) => !h.transaction && h.sql.includes("pg_sleep"));
    expect(inside?.ms).toBeGreaterThanOrEqual(490);
    const waited = holds.find((h) => h.sql.includes("SELECT 1"));
    // Waiting included, it would be about 480 ms.
    expect(waited?.ms).toBeLessThan(300);
    expect(holds.some((h) => h.sql.includes("SELECT 3"))).toBe(false);
  });

  test("lets the event loop turn while a long statement runs", async () => {
    const turnsDuring = async (db: Database) => {
      let turns = 0;
      let counting = true;
      const count = () => {
        if (!counting) return;
        turns++;
        setImmediate(count);
      };
      setImmediate(count);
      await db.prisma.$queryRawUnsafe("SELECT sum(g) FROM generate_series(1, 2000000) AS g");
      counting = false;
      return turns;
    };
    // On the event loop's thread the statement runs in one stretch: at most the turn before it.
    expect(await turnsDuring(inline)).toBeLessThanOrEqual(2);
    expect(await turnsDuring(threaded)).toBeGreaterThan(10);
  });

  // Two databases boot here (about 6 s on an idle 2-core machine, over 30 s beside a busy suite).
  test("dumps a data directory another database loads, and refuses every call once closed", async () => {
    const db = await openDatabase({ dataDir: "memory://" });
    await db.pglite?.exec("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('x')");
    const dump = await db.pglite?.dumpDataDir("none");
    await db.close();
    await expect(db.pglite?.query("SELECT 1")).rejects.toThrow("closed");
    const dir = mkdtempSync(join(tmpdir(), "geo-thread-"));
    const file = join(dir, "data.tar");
    writeFileSync(file, new Uint8Array(await (dump as Blob).arrayBuffer()));
    const copy = await openDatabase({ loadDataDirFrom: file });
    try {
      expect((await copy.pglite?.query("SELECT v FROM kept"))?.rows).toEqual([{ v: "x" }]);
    } finally {
      await copy.close();
      rmSync(dir, { recursive: true });
    }
  }, 90_000);

  test("fails every waiting and later call when its thread dies", async () => {
    const dying = await openPgliteThread(
      {},
      new URL("./fixtures/dying-database-thread.mjs", import.meta.url),
    );
    const waiting = [dying.query("SELECT 1"), dying.exec("SELECT 2")];
    for (const call of waiting) await expect(call).rejects.toThrow("thread exited (3)");
    await expect(dying.query("SELECT 3")).rejects.toThrow("thread exited (3)");
  });
});
