import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { call, prompt } from "./prompt-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("prompts-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "prompts-201" });
});
afterAll(() => t.close());

describe("POST /api/v1/workspaces/{workspace}/prompts: 201", () => {
  it("creates an active manual prompt with defaults, audited", async () => {
    const response = await call(
      t,
      { cookie },
      "POST",
      slug,
      "/prompts",
      prompt("  What is Acme?  "),
    );
    expect(response.status, response.text).toBe(201);
    expect(response.body).toEqual({
      promptId: expect.stringMatching(/^prm_[0-9A-Z]{26}$/),
      text: "What is Acme?",
      category: "discovery",
      language: "en",
      region: null,
      tags: [],
      active: true,
      source: "manual",
      createdAt: response.body.createdAt,
      updatedAt: response.body.createdAt,
    });
    const row = await t.server.ctx.prisma.prompt.findUniqueOrThrow({
      where: { id: response.body.promptId },
    });
    expect(row.textKey).toBe("what is acme?");
    const events = await t.server.ctx.prisma.auditEvent.findMany({
      where: { action: "prompt.create" },
    });
    expect(events.map((event) => event.targetId)).toEqual([response.body.promptId]);
  });

  it("takes every field, at the bounds", async () => {
    const body = {
      text: "x".repeat(500),
      category: "brand_research",
      language: "es",
      region: "eu-west",
      tags: Array.from({ length: 10 }, (_, i) => `${"t".repeat(39)}${i}`),
      active: false,
    };
    const response = await call(t, { cookie }, "POST", slug, "/prompts", body);
    expect(response.status, response.text).toBe(201);
    expect(response.body).toMatchObject(body);
    const short = await call(t, { cookie }, "POST", slug, "/prompts", prompt("abc"));
    expect(short.status, short.text).toBe(201);
  });

  it("the same text in another language is another prompt", async () => {
    const en = await call(t, { cookie }, "POST", slug, "/prompts", prompt("best crm tools"));
    const es = await call(
      t,
      { cookie },
      "POST",
      slug,
      "/prompts",
      prompt("best crm tools", { language: "es" }),
    );
    expect([en.status, es.status]).toEqual([201, 201]);
  });

  it("a key with prompts:write may create", async () => {
    const key = await t.mintKey(cookie, slug, ["prompts:write"]);
    const response = await call(
      t,
      { bearer: key.secret },
      "POST",
      slug,
      "/prompts",
      prompt("via key"),
    );
    expect(response.status).toBe(201);
  });
});
