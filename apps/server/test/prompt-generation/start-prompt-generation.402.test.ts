import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("poor-generator@example.com");
  await t.createWorkspace(cookie, { brand: "first" }); // takes the one free grant
});
afterAll(() => t.close());

describe("startPromptGeneration 402", () => {
  it("answers insufficient_credits before anything is written or queued", async () => {
    const poor = await t.createWorkspace(cookie, { brand: "poor" });
    const response = await t.request<any>("POST", `/api/v1/workspaces/${poor}/prompt-generations`, {
      cookie,
      body: { count: 10, languages: ["en"] },
    });
    expect(response.status).toBe(402);
    expect(response.body.error).toMatchObject({
      code: "insufficient_credits",
      details: { requiredMicrousd: 250_000, availableMicrousd: 0 },
    });
    const prisma = t.server.ctx.prisma;
    expect(await prisma.promptGeneration.count({ where: { workspace: { slug: poor } } })).toBe(0);
    expect(
      await prisma.creditReservation.count({ where: { operation: "prompt_generation" } }),
    ).toBe(0);
    expect(await prisma.auditEvent.count({ where: { action: "prompt_generation.start" } })).toBe(0);
  });
});
