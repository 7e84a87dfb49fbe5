import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

// A workspace sends at most 50 invitations per UTC day.
let t: TestServer;
let owner: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  owner = await t.signIn("inviter@example.com");
  slug = await t.createWorkspace(owner, { brand: "inviting" });
});
afterAll(() => t.close());

const invite = (email: string) =>
  t.request<any>("POST", `/api/v1/workspaces/${slug}/invitations`, {
    cookie: owner,
    body: { email },
  });

describe("POST /api/v1/workspaces/{workspace}/invitations: 429", () => {
  it("refuses the 51st invitation of a UTC day, and allows it the next day", async () => {
    // Start at a UTC midnight so the day's window is whole.
    const now = t.clock.now().getTime();
    t.clock.advance(86_400_000 - (now % 86_400_000));
    for (let i = 0; i < 50; i++) expect((await invite(`guest-${i}@example.com`)).status).toBe(201);
    const limited = await invite("guest-50@example.com");
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBe(86_400);
    expect(await t.server.ctx.prisma.invitation.count()).toBe(50);
    t.clock.advance(86_400_000);
    expect((await invite("guest-50@example.com")).status).toBe(201);
  });
});
