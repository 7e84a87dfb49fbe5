import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { activeCount, call, createPrompt, prompt, promptCount } from "./prompt-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("import-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "import-json", activeSetSize: 20 });
});
afterAll(() => t.close());

const importJson = (prompts: unknown[]) =>
  call(t, { cookie }, "POST", slug, "/prompts/import", { prompts });

describe("POST /api/v1/workspaces/{workspace}/prompts/import (JSON): 200", () => {
  it("creates import prompts with every field; audited", async () => {
    const response = await importJson([
      prompt("Best tools", { category: "use_case", region: "us", tags: ["a", "b"] }),
      prompt("Mejores herramientas", { language: "es", active: false }),
    ]);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ created: 2, skipped: 0, deactivated: 0, errors: 0 });
    const list = (await call(t, { cookie }, "GET", slug, "/prompts")).body.data;
    expect(list.map((p: any) => [p.text, p.source, p.active, p.region, p.tags])).toEqual([
      ["Mejores herramientas", "import", false, null, []],
      ["Best tools", "import", true, "us", ["a", "b"]],
    ]);
    const events = await t.server.ctx.prisma.auditEvent.findMany({
      where: { action: "prompt.import" },
    });
    expect(events.map((event) => event.metadata)).toEqual([
      { format: "json", rows: 2, created: 2, skipped: 0, deactivated: 0, errors: 0 },
    ]);
  });

  it("skips and counts repeats within the file and of existing prompts", async () => {
    await createPrompt(t, { cookie }, slug, prompt("Already here", { active: false }));
    const response = await importJson([
      prompt("already HERE", { active: false }),
      prompt("New one", { active: false }),
      prompt("new   ONE", { active: false, category: "expert" }),
      prompt("New one", { language: "es", active: false }),
      prompt("best tools", { active: false }),
    ]);
    expect(response.body).toEqual({ created: 2, skipped: 3, deactivated: 0, errors: 0 });
  });

  it("fills the room of the active set in order and stores the rest inactive", async () => {
    expect(await activeCount(t, slug)).toBe(1);
    const prompts = Array.from({ length: 25 }, (_, i) => prompt(`Wave ${i}`));
    const response = await importJson(prompts);
    expect(response.body).toEqual({ created: 25, skipped: 0, deactivated: 6, errors: 0 });
    expect(await activeCount(t, slug)).toBe(20);
    const inactive = await t.server.ctx.prisma.prompt.findMany({
      where: { text: { startsWith: "Wave" }, active: false },
    });
    expect(inactive.map((p) => p.text).sort()).toEqual(
      ["Wave 19", "Wave 20", "Wave 21", "Wave 22", "Wave 23", "Wave 24"].sort(),
    );
  });

  it("accepts 1000 prompts at once", async () => {
    const before = await promptCount(t, slug);
    const prompts = Array.from({ length: 1000 }, (_, i) => prompt(`Bulk ${i}`, { active: false }));
    const response = await importJson(prompts);
    expect(response.body).toEqual({ created: 1000, skipped: 0, deactivated: 0, errors: 0 });
    expect(await promptCount(t, slug)).toBe(before + 1000);
  });
});
