import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { call, importMany } from "./prompt-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("set-owner@example.com");
  // Quotas 0.3/0.2/0.2/0.1/0.1/0.1 of 50: targets 15/10/10/5/5/5.
  slug = await t.createWorkspace(cookie, { brand: "active-set" });
});

const composition = async () => {
  const response = await call(t, { cookie }, "GET", slug, "/prompts/active-set");
  expect(response.status, response.text).toBe(200);
  return response.body;
};

describe("GET /api/v1/workspaces/{workspace}/prompts/active-set: 200", () => {
  it("an empty set lacks every target", async () => {
    const body = await composition();
    expect(body).toMatchObject({ activeSetSize: 50, activeCount: 0, room: 50 });
    expect(body.categories.map((c: any) => [c.category, c.target, c.actual, c.deficit])).toEqual([
      ["discovery", 15, 0, 15],
      ["problem_solution", 10, 0, 10],
      ["use_case", 10, 0, 10],
      ["comparison", 5, 0, 5],
      ["expert", 5, 0, 5],
      ["brand_research", 5, 0, 5],
    ]);
  });

  it("counts active prompts only, with deficit and surplus per category", async () => {
    await importMany(t, { cookie }, slug, 18, "d", { category: "discovery" });
    await importMany(t, { cookie }, slug, 4, "c", { category: "comparison" });
    await importMany(t, { cookie }, slug, 7, "x", { category: "expert", active: false });
    const body = await composition();
    expect(body).toMatchObject({ activeSetSize: 50, activeCount: 22, room: 28 });
    expect(body.categories[0]).toEqual({
      category: "discovery",
      quota: 0.3,
      target: 15,
      actual: 18,
      deficit: 0,
      surplus: 3,
    });
    expect(body.categories[3]).toMatchObject({ category: "comparison", actual: 4, deficit: 1 });
    expect(body.categories[4]).toMatchObject({ category: "expert", actual: 0, deficit: 5 });
  });

  it("targets follow the settings and round half up", async () => {
    const quotas = {
      discovery: 0.29,
      problem_solution: 0.21,
      use_case: 0.2,
      comparison: 0.1,
      expert: 0.1,
      brand_research: 0.1,
    };
    const patched = await call(t, { cookie }, "PATCH", slug, "/settings", { quotas });
    expect(patched.status, patched.text).toBe(200);
    const targets = (await composition()).categories.map((c: any) => c.target);
    expect(targets).toEqual([15, 11, 10, 5, 5, 5]);
  });
});
