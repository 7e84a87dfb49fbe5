import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { packRows, unpackRows } from "../../src/services/metrics/packed-rows.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

describe("packRows / unpackRows", () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ env: { GEO_WORKERS: "false" } });
  });
  afterAll(() => t.close());

  const roundTrip = async (values: string, where = "true") => {
    const [row] = await t.server.ctx.prisma.$queryRawUnsafe<Array<{ packed: string | null }>>(
      `SELECT ${packRows(["a", "b", "c"])} AS packed FROM (VALUES ${values}) AS v(a, b, c) WHERE ${where}`,
    );
    return unpackRows(row?.packed);
  };

  it("returns every row's columns as text, in order, on the real database", async () => {
    expect(await roundTrip("('openai', 'prm_1', 3), ('exa', 'prm_2', 0)")).toEqual([
      ["openai", "prm_1", "3"],
      ["exa", "prm_2", "0"],
    ]);
  });

  it("keeps a NULL column's place (as an empty string)", async () => {
    expect(await roundTrip("('x', NULL, 1)")).toEqual([["x", "", "1"]]);
  });

  it("gives no rows for an empty result", async () => {
    expect(await roundTrip("('x', 'y', 1)", "false")).toEqual([]);
    expect(unpackRows(null)).toEqual([]);
  });
});
