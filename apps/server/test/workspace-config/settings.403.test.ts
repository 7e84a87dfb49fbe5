import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { call, competitor, expectError } from "./config-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let reader: string;
let writer: string;
let promptsKey: string;
let competitorId: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("scopes-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "settings-scopes" });
  reader = (await t.mintKey(cookie, slug, ["settings:read"])).secret;
  writer = (await t.mintKey(cookie, slug, ["settings:write"])).secret;
  promptsKey = (await t.mintKey(cookie, slug, ["prompts:read", "prompts:write"])).secret;
  competitorId = (await call(t, { cookie }, "GET", slug, "/competitors")).body.data[0].competitorId;
});
afterAll(() => t.close());

const profile = { description: "d", category: "c", positioning: "p", markets: ["es"] };
const model = {
  engines: [{ engine: "openai", model: "gpt-4.1", enabled: true }],
  weights: { visibility: 1, shareOfVoice: 0, position: 0, citation: 0 },
};
const reads: Array<[string, string]> = [
  ["GET", "/settings"],
  ["GET", "/profile"],
  ["GET", "/model"],
  ["GET", "/competitors"],
  ["GET", "/competitors/{id}"],
];
const writes: Array<[string, string, unknown]> = [
  ["PATCH", "/settings", { displayName: "Scoped" }],
  ["PUT", "/profile", profile],
  ["PUT", "/model", model],
  ["POST", "/competitors", competitor("Hooli")],
  ["PATCH", "/competitors/{id}", { ambiguous: true }],
];
const at = (path: string) => path.replace("{id}", competitorId);

describe("settings, profile, model and competitors: scopes", () => {
  it.each(reads)("%s %s: settings:read may read; other scopes get 403", async (method, path) => {
    expect((await call(t, { bearer: reader }, method, slug, at(path))).status).toBe(200);
    const denied = await call(t, { bearer: promptsKey }, method, slug, at(path));
    expectError(denied, 403, "insufficient_scope");
    expect(denied.body.error.details.requiredScope).toBe("settings:read");
  });

  it.each(writes)(
    "%s %s: settings:read gets 403 insufficient_scope",
    async (method, path, body) => {
      const denied = await call(t, { bearer: reader }, method, slug, at(path), body);
      expectError(denied, 403, "insufficient_scope");
      expect(denied.body.error.details.requiredScope).toBe("settings:write");
    },
  );

  it.each(writes)("%s %s: settings:write may write", async (method, path, body) => {
    const response = await call(t, { bearer: writer }, method, slug, at(path), body);
    expect(response.status, response.text).toBeLessThan(300);
  });

  it("DELETE /competitors/{id}: settings:read 403, settings:write 204", async () => {
    const denied = await call(t, { bearer: reader }, "DELETE", slug, at("/competitors/{id}"));
    expectError(denied, 403, "insufficient_scope");
    const deleted = await call(t, { bearer: writer }, "DELETE", slug, at("/competitors/{id}"));
    expect(deleted.status).toBe(204);
  });

  it("writes by a key are audited as the key", async () => {
    const events = await t.server.ctx.prisma.auditEvent.findMany({
      where: { action: { in: ["settings.update", "profile.update", "model.update"] } },
    });
    expect(events).toHaveLength(3);
    for (const event of events) expect(event.actorType).toBe("api_key");
  });
});
