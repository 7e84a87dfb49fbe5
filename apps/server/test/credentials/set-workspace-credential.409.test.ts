import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CredentialFixture, startCredentialFixture } from "./credential-fixture.js";

let f: CredentialFixture;
beforeAll(async () => {
  f = await startCredentialFixture("set-409");
});
afterAll(() => f.t.close());

describe("POST /api/v1/workspaces/{workspace}/credentials (already stored)", () => {
  it.each([
    ["without rotate", {}],
    ["with rotate: false", { rotate: false }],
  ])("answers 409 credential_exists %s and keeps the old value", async (_name, extra) => {
    const connector = `c-${Object.keys(extra).length}`;
    await f.set({ connector, key: "api_key", value: "sk-original-value-1111" });
    const prisma = f.t.server.ctx.prisma;
    const before = await prisma.storedCredential.findFirstOrThrow({ where: { connector } });

    const response = await f.set({
      connector,
      key: "api_key",
      value: "sk-replacement-2222",
      ...extra,
    });
    expect(response.status).toBe(409);
    expect(response.body.error).toMatchObject({
      code: "credential_exists",
      details: { connector, key: "api_key" },
    });
    expect(response.text).not.toContain("sk-replacement-2222");

    const after = await prisma.storedCredential.findFirstOrThrow({ where: { connector } });
    expect(after).toEqual(before);
    expect((await f.reveal(connector, "api_key")).body.value).toBe("sk-original-value-1111");
    const rotations = await prisma.auditEvent.count({
      where: { targetId: before.id, action: "credential.rotate" },
    });
    expect(rotations).toBe(0);
  });

  it("lets exactly one of concurrent creates win; the others get 409", async () => {
    const responses = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        f.set({ connector: "race", key: "api_key", value: `sk-racer-${n}-value-xx` }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409]);
    for (const r of responses.filter((r) => r.status === 409)) {
      expect(r.body.error.code).toBe("credential_exists");
    }
    const prisma = f.t.server.ctx.prisma;
    const rows = await prisma.storedCredential.findMany({ where: { connector: "race" } });
    expect(rows).toHaveLength(1);
    const sets = await prisma.auditEvent.count({ where: { targetId: rows[0]?.id } });
    expect(sets).toBe(1);
  });

  it("turns concurrent creates with rotate: true into one create and rotations", async () => {
    const responses = await Promise.all(
      [1, 2, 3].map((n) =>
        f.set({
          connector: "race-rotate",
          key: "api_key",
          value: `sk-rotor-${n}-value-yy`,
          rotate: true,
        }),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 201]);
    const rows = await f.t.server.ctx.prisma.storedCredential.findMany({
      where: { connector: "race-rotate" },
    });
    expect(rows).toHaveLength(1);
  });
});
