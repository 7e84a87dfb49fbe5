import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { call, fieldsOf, prompt, promptCount } from "./prompt-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("prompts-owner@example.com");
  // Languages en and es: ca and fr are valid values the workspace does not use.
  slug = await t.createWorkspace(cookie, { brand: "prompts-400" });
});

const create = (body: unknown) => call(t, { cookie }, "POST", slug, "/prompts", body);
const tags = (n: number, length = 5) =>
  Array.from({ length: n }, (_, i) => `${i}`.padStart(length, "t"));

describe("POST /api/v1/workspaces/{workspace}/prompts: 400 invalid_request", () => {
  it.each([
    ["text", "ab"],
    ["text", "x".repeat(501)],
    ["text", "   ab   "],
    ["category", "other"],
    ["language", "de"],
    ["region", "E"],
    ["region", "a".repeat(21)],
    ["tags", tags(11)],
    ["tags", [`${"t".repeat(41)}`]],
    ["tags", [""]],
    ["tags", ["a|b"]],
    ["tags", [" padded"]],
    ["tags", ["same", "same"]],
    ["active", "yes"],
  ])("%s = %j", async (field, value) => {
    const fields = fieldsOf(await create(prompt("a fine prompt", { [field]: value })));
    expect(fields.length).toBeGreaterThan(0);
    for (const name of fields) expect(name.startsWith(`body.${field}`)).toBe(true);
  });

  it("a language the workspace does not use, naming the field", async () => {
    const response = await create(prompt("a fine prompt", { language: "fr" }));
    expect(fieldsOf(response)).toEqual(["body.language"]);
    expect(response.body.error.details.fields[0]).toEqual({
      field: "body.language",
      rule: "workspaceLanguage",
      message: "must be one of the workspace's languages: en, es",
    });
  });

  it("missing required fields and unknown fields", async () => {
    expect(fieldsOf(await create({ text: "a fine prompt" })).sort()).toEqual([
      "body.category",
      "body.language",
    ]);
    expect(fieldsOf(await create(prompt("a fine prompt", { source: "research" })))).toEqual([
      "body.source",
    ]);
  });

  it("nothing was written", async () => {
    expect(await promptCount(t, slug)).toBe(0);
  });
});
