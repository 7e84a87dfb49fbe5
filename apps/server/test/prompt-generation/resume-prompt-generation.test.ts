import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executePromptGeneration } from "../../src/services/prompt-generation/execute-prompt-generation.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { balanceOf, topUp } from "./discovery-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  // No workers: the test plays the worker, crashing and resuming by hand.
  t = await startTestServer({ env: { GEO_WORKERS: "false" } });
  cookie = await t.signIn("resumer@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme" });
  await topUp(t, slug, cookie, 1_000_000);
});
afterAll(() => t.close());

describe("a generation whose worker died", () => {
  it("resumes at the next call, and a repeated job changes nothing and charges once", async () => {
    const before = await balanceOf(t, slug, cookie);
    const started = await t.request<any>("POST", `/api/v1/workspaces/${slug}/prompt-generations`, {
      cookie,
      body: { count: 12, languages: ["en"], promptsPerCall: 4 },
    });
    expect(started.body).toMatchObject({ status: "queued", callsPlanned: 3 });
    const id = started.body.generationId;
    const prisma = t.server.ctx.prisma;
    // The first call was recorded before the crash (with its cost).
    await prisma.promptGeneration.update({
      where: { id },
      data: { status: "running", callsMade: 1, costMicrousd: 1_000n },
    });
    await executePromptGeneration({ ctx: t.server.ctx, generationId: id });
    const done = await prisma.promptGeneration.findUniqueOrThrow({ where: { id } });
    expect(done).toMatchObject({ status: "succeeded", callsMade: 3, costMicrousd: 3_000n });
    expect(await prisma.promptSuggestion.count({ where: { generationId: id } })).toBe(8);

    await executePromptGeneration({ ctx: t.server.ctx, generationId: id });
    expect(await prisma.promptGeneration.findUniqueOrThrow({ where: { id } })).toEqual(done);
    const after = await balanceOf(t, slug, cookie);
    expect(after.postedMicrousd).toBe(before.postedMicrousd - 3_000);
    expect(after.heldMicrousd).toBe(0);
  });
});
