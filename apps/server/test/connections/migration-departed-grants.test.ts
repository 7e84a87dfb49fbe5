import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "../team/team-fixtures.js";
import { connectWithOAuth, type OAuthFixture, startOAuthFixture } from "./oauth-fixture.js";

/**
 * The migrations that give Google grants their granter (20261126233529, backfilled from the
 * audit records) and detach those whose granter already left the workspace (20261126234624),
 * run again over a database holding such a grant, statement by statement as the PostgreSQL
 * runner splits them (on every `;`).
 */
const migrations = new URL("../../../../packages/db/prisma/migrations/", import.meta.url);
const statements = async (name: string) =>
  (await readFile(new URL(`${name}/migration.sql`, migrations), "utf8"))
    .split(";")
    .map((sql) => sql.trim())
    .filter((sql) => sql.replace(/--.*$/gm, "").trim() !== "");

let f: OAuthFixture;
beforeAll(async () => {
  f = await startOAuthFixture("migration-grants");
});
afterAll(() => f.close());

describe("migrations 20261126233529 and 20261126234624: grants of people who left", () => {
  it("backfill the granter once and detach the grants whose granter is no longer a member", async () => {
    const { prisma } = f.t.server.ctx;
    const granter = await join(f.t, f.cookie, f.slug, "left-before@example.com", "admin");
    await connectWithOAuth(f.t, f.slug, granter.cookie);
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { slug: f.slug } });
    const departed = await prisma.storedCredential.findFirstOrThrow({
      where: { workspaceId: workspace.id, kind: "google_oauth" },
    });
    const owner = await prisma.member.findFirstOrThrow({
      where: { workspaceId: workspace.id, role: "owner" },
    });
    // As before the migrations: no granter recorded, and the person removed without detaching.
    await prisma.storedCredential.update({
      where: { id: departed.id },
      data: { grantedByUserId: null },
    });
    await prisma.member.delete({ where: { id: granter.memberId } });
    const kept = await prisma.storedCredential.create({
      data: { ...departed, id: "cred_owner_grant", key: "oauth-owner", grantedByUserId: null },
    });
    await prisma.auditEvent.create({
      data: {
        id: "aud_owner_grant",
        workspaceId: workspace.id,
        actorType: "user",
        actorId: owner.userId,
        action: "credential.set",
        targetType: "stored_credential",
        targetId: kept.id,
        createdAt: new Date(),
      },
    });
    const unknown = await prisma.storedCredential.create({
      data: { ...departed, id: "cred_unknown_grant", key: "oauth-unknown", grantedByUserId: null },
    });

    const backfill = (await statements("20261126233529_member_removal_grants")).filter(
      (sql) => !sql.includes('"connections" ADD COLUMN'),
    );
    const detach = await statements("20261126234624_oauth_grant_owner");
    expect(detach).toHaveLength(2);
    for (const sql of [...backfill, ...detach]) await prisma.$executeRawUnsafe(sql);

    expect(await prisma.storedCredential.findUnique({ where: { id: departed.id } })).toBeNull();
    const left = await prisma.storedCredential.findMany({
      where: { workspaceId: workspace.id },
      orderBy: { id: "asc" },
    });
    expect(left.map((c) => [c.id, c.grantedByUserId])).toEqual([
      [kept.id, owner.userId],
      [unknown.id, null],
    ]);
    const connections = await f.t.request<any>("GET", `/api/v1/workspaces/${f.slug}/connections`, {
      cookie: f.cookie,
    });
    expect(connections.status, connections.text).toBe(200);
    expect(connections.body.data.map((c: any) => [c.provider, c.status, c.credential])).toEqual([
      ["search_console", "needs_reconnect", null],
      ["analytics", "needs_reconnect", null],
    ]);
  });
});
