import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { accept, invite } from "./team-fixtures.js";

let t: TestServer;
let owner: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  owner = await t.signIn("owner@example.com");
  slug = await t.createWorkspace(owner, { brand: "race" });
});
afterAll(() => t.close());

describe("POST /api/v1/invitations/{token}/accept, concurrently", () => {
  it("lets exactly one of 5 simultaneous accepts of one token succeed", async () => {
    const { token, invitationId } = await invite(t, owner, slug, "racer@example.com");
    const cookie = await t.signIn("racer@example.com");
    const responses = await Promise.all(Array.from({ length: 5 }, () => accept(t, cookie, token)));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 404, 404, 404, 404]);
    for (const response of responses.filter((r) => r.status === 404)) {
      expect(response.body.error.code).toBe("invitation_not_found");
    }
    const prisma = t.server.ctx.prisma;
    const members = await prisma.member.findMany({
      where: { user: { email: "racer@example.com" } },
    });
    expect(members).toHaveLength(1);
    const invitation = await prisma.invitation.findUniqueOrThrow({ where: { id: invitationId } });
    expect(invitation.acceptedAt).not.toBeNull();
    expect(await prisma.auditEvent.count({ where: { action: "member.join" } })).toBe(1);
  });
});
