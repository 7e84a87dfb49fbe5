import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { call, createPrompt, expectError, importCsv, prompt } from "./prompt-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let reader: string;
let writer: string;
let settingsKey: string;
let promptId: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("scopes-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "prompts-scopes" });
  reader = (await t.mintKey(cookie, slug, ["prompts:read"])).secret;
  writer = (await t.mintKey(cookie, slug, ["prompts:write"])).secret;
  settingsKey = (await t.mintKey(cookie, slug, ["settings:read", "settings:write"])).secret;
  promptId = (await createPrompt(t, { cookie }, slug, prompt("Seed prompt"))).promptId;
});
afterAll(() => t.close());

const reads: Array<[string, string]> = [
  ["GET", "/prompts"],
  ["GET", "/prompts/{id}"],
  ["GET", "/prompts/active-set"],
];
const writes: Array<[string, string, unknown]> = [
  ["POST", "/prompts", prompt("Written by a key")],
  ["PATCH", "/prompts/{id}", { tags: ["key"] }],
  ["POST", "/prompts/import", { prompts: [prompt("Imported by a key")] }],
  ["DELETE", "/prompts/{id}", undefined],
];
const at = (path: string) => path.replace("{id}", promptId);

describe("prompts: scopes", () => {
  it.each(reads)("%s %s: prompts:read may read; other scopes get 403", async (method, path) => {
    expect((await call(t, { bearer: reader }, method, slug, at(path))).status).toBe(200);
    const denied = await call(t, { bearer: settingsKey }, method, slug, at(path));
    expectError(denied, 403, "insufficient_scope");
    expect(denied.body.error.details.requiredScope).toBe("prompts:read");
  });

  it.each(writes)("%s %s: prompts:read gets 403 insufficient_scope", async (method, path, body) => {
    const denied = await call(t, { bearer: reader }, method, slug, at(path), body);
    expectError(denied, 403, "insufficient_scope");
    expect(denied.body.error.details.requiredScope).toBe("prompts:write");
  });

  it("a CSV import with prompts:read is refused before the body is read", async () => {
    const denied = await importCsv(t, { bearer: reader }, slug, "text,category,language\n");
    expectError(denied, 403, "insufficient_scope");
  });

  it.each(writes)("%s %s: prompts:write may write", async (method, path, body) => {
    const response = await call(t, { bearer: writer }, method, slug, at(path), body);
    expect(response.status, response.text).toBeLessThan(300);
  });

  it("nothing the refused keys sent was written", async () => {
    const texts = (await t.server.ctx.prisma.prompt.findMany()).map((p) => p.text).sort();
    expect(texts).toEqual(["Imported by a key", "Written by a key"]);
  });
});
