import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { call, createPrompt, fieldsOf, prompt } from "./prompt-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
const ids: Record<string, string> = {};
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("prompts-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "prompts-list" });
  const bodies = {
    a: prompt("Best analytics tools", { tags: ["tools", "b2b"] }),
    b: prompt("Acme vs Globex", { category: "comparison", tags: ["b2b"] }),
    c: prompt("Mejores herramientas de ANALYTICS", { language: "es", active: false }),
    d: prompt("How do I measure 100% of visits?", { category: "expert", region: "eu-west" }),
  };
  for (const [name, body] of Object.entries(bodies)) {
    ids[name] = (await createPrompt(t, { cookie }, slug, body)).promptId;
  }
});

const list = async (query = "") => {
  const response = await call(t, { cookie }, "GET", slug, `/prompts${query}`);
  expect(response.status, response.text).toBe(200);
  return response.body as { data: any[]; nextCursor: string | null };
};
const namesOf = (page: { data: any[] }) =>
  page.data.map((p) => Object.keys(ids).find((name) => ids[name] === p.promptId));

describe("GET /api/v1/workspaces/{workspace}/prompts: 200", () => {
  it("newest first", async () => {
    expect(namesOf(await list())).toEqual(["d", "c", "b", "a"]);
  });

  it.each([
    ["?category=comparison", ["b"]],
    ["?language=es", ["c"]],
    ["?active=false", ["c"]],
    ["?active=true", ["d", "b", "a"]],
    ["?tag=b2b", ["b", "a"]],
    ["?tag=tools&category=discovery", ["a"]],
    ["?q=analytics", ["c", "a"]],
    ["?q=100%25", ["d"]],
    ["?q=%25", ["d"]],
    ["?q=_", []],
    ["?q=ACME%20VS", ["b"]],
    ["?q=nothing", []],
    ["?category=discovery&language=en&active=true", ["a"]],
  ])("filters %s", async (query, expected) => {
    expect(namesOf(await list(query))).toEqual(expected);
  });

  it("pages with limit and cursor", async () => {
    const first = await list("?limit=3");
    expect(namesOf(first)).toEqual(["d", "c", "b"]);
    expect(first.nextCursor).not.toBeNull();
    const second = await list(`?limit=3&cursor=${first.nextCursor}`);
    expect(namesOf(second)).toEqual(["a"]);
    expect(second.nextCursor).toBeNull();
    const filtered = await list("?active=true&limit=1");
    const next = await list(`?active=true&limit=1&cursor=${filtered.nextCursor}`);
    expect([...namesOf(filtered), ...namesOf(next)]).toEqual(["d", "b"]);
  });

  it("400 for bad filters or a foreign cursor", async () => {
    const bad = async (query: string) =>
      fieldsOf(await call(t, { cookie }, "GET", slug, `/prompts${query}`));
    expect(await bad("?category=other")).toEqual(["query.category"]);
    expect(await bad("?active=maybe")).toEqual(["query.active"]);
    expect(await bad("?limit=101")).toEqual(["query.limit"]);
    expect(
      await bad(`?cursor=${Buffer.from("mem_01ARZ3NDEKTSV4RRFFQ69G5FAV").toString("base64url")}`),
    ).toEqual(["query.cursor"]);
  });

  it("GET one prompt", async () => {
    const response = await call(t, { cookie }, "GET", slug, `/prompts/${ids.d}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ promptId: ids.d, region: "eu-west", category: "expert" });
  });
});
