import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

/** Every row of every table of the schema, as JSON text. */
async function dumpDatabase(): Promise<string> {
  const tables = await t.server.ctx.prisma.$queryRaw<Array<{ table_name: string }>>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`;
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const rows = await t.server.ctx.prisma.$queryRawUnsafe<Array<{ row: string }>>(
      `SELECT row_to_json(t)::text AS row FROM "${table_name}" t`,
    );
    parts.push(...rows.map((r) => r.row));
  }
  return parts.join("\n");
}

describe("API key secrets at rest and in logs", () => {
  it("appear nowhere in the database or the logs; only hashes are stored", async () => {
    const cookie = await t.signIn("secrets@example.com");
    const slug = await t.createWorkspace(cookie, { brand: "secrets" });
    const secrets: string[] = [];
    const active = await t.mintKey(cookie, slug, ["workspace:read", "metrics:read"]);
    secrets.push(active.secret);
    const pending = await t.request<any>("POST", `/api/v1/workspaces/${slug}/api-keys`, {
      cookie,
      body: { name: "pending", idempotencyKey: "idem-secret" },
    });
    secrets.push(pending.body.secret);
    const rotated = await t.request<any>(
      "POST",
      `/api/v1/workspaces/${slug}/api-keys/${active.keyId}`,
      {
        cookie,
        body: { action: "rotate" },
      },
    );
    secrets.push(rotated.body.replacement.secret);
    await t.request("GET", `/api/v1/workspaces/${slug}/metrics`, { bearer: active.secret });
    await t.request("GET", `/api/v1/workspaces/${slug}/metrics`, {
      bearer: `${active.secret.slice(0, -1)}x`,
    });

    const database = await dumpDatabase();
    expect(database).not.toContain("gp_live_");
    for (const secret of secrets) expect(database).not.toContain(secret.slice(8));
    // A pending key's deliveryId is a capability too: only its hash is stored.
    for (const deliveryId of [pending.body.deliveryId, rotated.body.replacement.deliveryId])
      expect(database).not.toContain(deliveryId);
    const logs = t.logs.join("\n");
    expect(logs).not.toContain("gp_live_");
    for (const secret of secrets) expect(logs).not.toContain(secret.slice(8));

    const stored = await t.server.ctx.prisma.apiKey.findMany();
    expect(stored.length).toBe(3);
    for (const key of stored) expect(key.secretHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
