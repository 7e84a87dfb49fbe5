import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("bad-generation@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme" });
});
afterAll(() => t.close());

const start = (body: unknown) =>
  t.request<any>("POST", `/api/v1/workspaces/${slug}/prompt-generations`, { cookie, body });

describe("startPromptGeneration 400", () => {
  it("refuses a plan of more than 100 LLM calls before reserving anything", async () => {
    const response = await start({ count: 300, promptsPerCall: 1 });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: "invalid_request",
      details: { fields: [{ field: "body.promptsPerCall", rule: "maxCalls" }] },
    });
    expect(await t.server.ctx.prisma.creditReservation.count()).toBe(0);
    expect(await t.server.ctx.prisma.promptGeneration.count()).toBe(0);
  });

  it("refuses a language the workspace does not use, and counts outside the bounds", async () => {
    const foreign = await start({ count: 5, languages: ["fr"] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.details.fields[0].field).toBe("body.languages[0]");
    expect((await start({ count: 301 })).status).toBe(400);
    expect((await start({ count: 0 })).status).toBe(400);
    expect((await start({})).status).toBe(400);
  });
});
