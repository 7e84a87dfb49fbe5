import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { call, fieldsOf, prompt, promptCount } from "./prompt-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("import-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "import-400" });
});

const importJson = (prompts: unknown) =>
  call(t, { cookie }, "POST", slug, "/prompts/import", { prompts });

describe("POST /api/v1/workspaces/{workspace}/prompts/import (JSON): 400", () => {
  it("names each bad row and field; nothing is written", async () => {
    const response = await importJson([
      prompt("Fine prompt"),
      prompt("Also fine"),
      prompt("ab"),
      prompt("Bad category", { category: "other" }),
      prompt("Bad tags", { tags: ["x".repeat(41)] }),
    ]);
    expect(fieldsOf(response).sort()).toEqual([
      "body.prompts[2].text",
      "body.prompts[3].category",
      "body.prompts[4].tags[0]",
    ]);
    expect(await promptCount(t, slug)).toBe(0);
  });

  it("rules beyond the schema: trimmed text and the workspace's languages", async () => {
    const response = await importJson([
      prompt("Fine prompt"),
      prompt("  ab  "),
      prompt("Fine prompt", { language: "fr" }),
    ]);
    expect(fieldsOf(response)).toEqual(["body.prompts[1].text", "body.prompts[2].language"]);
    expect(await promptCount(t, slug)).toBe(0);
  });

  it("at least 1 and at most 1000 prompts", async () => {
    expect(fieldsOf(await importJson([]))).toEqual(["body.prompts"]);
    const many = Array.from({ length: 1001 }, (_, i) => prompt(`p ${i}`));
    expect(fieldsOf(await importJson(many))).toEqual(["body.prompts"]);
    expect(await promptCount(t, slug)).toBe(0);
  });

  it("415 for another content type", async () => {
    const response = await t.request<any>("POST", `/api/v1/workspaces/${slug}/prompts/import`, {
      cookie,
      rawBody: "text\nhello",
      headers: { "content-type": "text/plain" },
    });
    expect(response.status).toBe(415);
    expect(response.body.error.code).toBe("unsupported_media_type");
  });
});
