import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { call, createPrompt, fieldsOf, prompt } from "./prompt-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let target: any;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("prompts-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "prompts-update" });
  target = await createPrompt(t, { cookie }, slug, prompt("Original text", { region: "us" }));
});
afterAll(() => t.close());

const patch = (body: unknown, id = target.promptId) =>
  call(t, { cookie }, "PATCH", slug, `/prompts/${id}`, body);

describe("PATCH /api/v1/workspaces/{workspace}/prompts/{promptId}: 200", () => {
  it("changes only the fields sent, audited", async () => {
    t.clock.advance(1000);
    const response = await patch({ text: " New   Text ", category: "use_case", tags: ["x"] });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      ...target,
      text: "New   Text",
      category: "use_case",
      tags: ["x"],
      updatedAt: response.body.updatedAt,
    });
    expect(response.body.updatedAt > target.updatedAt).toBe(true);
    const row = await t.server.ctx.prisma.prompt.findUniqueOrThrow({
      where: { id: target.promptId },
    });
    expect(row.textKey).toBe("new text");
    const [event] = await t.server.ctx.prisma.auditEvent.findMany({
      where: { action: "prompt.update" },
    });
    expect(event?.metadata).toEqual({ fields: ["category", "tags", "text"], active: true });
  });

  it("region null clears it; language changes to another workspace language", async () => {
    const response = await patch({ region: null, language: "es" });
    expect(response.body).toMatchObject({ region: null, language: "es" });
  });

  it("deactivates and reactivates", async () => {
    expect((await patch({ active: false })).body.active).toBe(false);
    expect((await patch({ active: true })).body.active).toBe(true);
  });

  it("recasing its own text is not a duplicate", async () => {
    expect((await patch({ text: "NEW TEXT" })).status).toBe(200);
  });

  it("400 for an empty body, a bad field or a language the workspace does not use", async () => {
    fieldsOf(await patch({}));
    expect(fieldsOf(await patch({ text: "ab" }))).toEqual(["body.text"]);
    expect(fieldsOf(await patch({ language: "ca" }))).toEqual(["body.language"]);
    expect(fieldsOf(await patch({ source: "manual" }))).toEqual(["body.source"]);
  });

  it("DELETE removes it (204), audited", async () => {
    const doomed = await createPrompt(t, { cookie }, slug, prompt("Doomed prompt"));
    const response = await call(t, { cookie }, "DELETE", slug, `/prompts/${doomed.promptId}`);
    expect(response.status).toBe(204);
    expect((await call(t, { cookie }, "GET", slug, `/prompts/${doomed.promptId}`)).status).toBe(
      404,
    );
    const events = await t.server.ctx.prisma.auditEvent.findMany({
      where: { action: "prompt.delete" },
    });
    expect(events.map((event) => event.targetId)).toEqual([doomed.promptId]);
    expect((await call(t, { cookie }, "DELETE", slug, `/prompts/${doomed.promptId}`)).status).toBe(
      404,
    );
  });
});
