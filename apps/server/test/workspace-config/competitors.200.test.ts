import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { auditOf, call, competitor } from "./config-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("competitors-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "competitors" });
});

describe("competitors: list, create, get, update, delete", () => {
  it("GET lists the creation competitors in order", async () => {
    const response = await call(t, { cookie }, "GET", slug, "/competitors");
    expect(response.status).toBe(200);
    expect(response.body.data.map((c: any) => [c.name, c.position])).toEqual([
      ["Globex", 0],
      ["Initech", 1],
    ]);
    expect(response.body.data[0]).toMatchObject({
      domains: ["globex.com"],
      aliases: ["Globex Corp"],
      ambiguous: false,
    });
  });

  it("POST appends (201) at the bounds of Competitor; GET answers it", async () => {
    const body = {
      name: "H".repeat(60),
      domains: ["a.com", "b.com", "c.com", "d.com", "e.com"],
      aliases: Array.from({ length: 8 }, (_, i) => `${"a".repeat(59)}${i}`),
      ambiguous: true,
    };
    const created = await call(t, { cookie }, "POST", slug, "/competitors", body);
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ ...body, position: 2 });
    expect(created.body.competitorId).toMatch(/^cmp_[0-9A-Z]{26}$/);
    const fetched = await call(
      t,
      { cookie },
      "GET",
      slug,
      `/competitors/${created.body.competitorId}`,
    );
    expect(fetched.body).toEqual(created.body);
    const minimal = await call(t, { cookie }, "POST", slug, "/competitors", competitor("Ho"));
    expect(minimal.status, minimal.text).toBe(201);
    expect(await auditOf(t, slug, "competitor.create")).toHaveLength(2);
  });

  it("PATCH changes only the fields sent; renaming to its own name in another case is fine", async () => {
    const list = (await call(t, { cookie }, "GET", slug, "/competitors")).body.data;
    const globex = list[0];
    t.clock.advance(1000);
    const response = await call(
      t,
      { cookie },
      "PATCH",
      slug,
      `/competitors/${globex.competitorId}`,
      {
        name: "GLOBEX",
        aliases: ["Globex", "Globex Inc"],
      },
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      ...globex,
      name: "GLOBEX",
      aliases: ["Globex", "Globex Inc"],
      updatedAt: response.body.updatedAt,
    });
    expect(response.body.updatedAt > globex.updatedAt).toBe(true);
    const [event] = await auditOf(t, slug, "competitor.update");
    expect(event?.metadata).toEqual({ fields: ["aliases", "name"] });
  });

  it("DELETE removes (204) and keeps the order of the rest", async () => {
    const list = (await call(t, { cookie }, "GET", slug, "/competitors")).body.data;
    const removed = await call(
      t,
      { cookie },
      "DELETE",
      slug,
      `/competitors/${list[1].competitorId}`,
    );
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    const after = (await call(t, { cookie }, "GET", slug, "/competitors")).body.data;
    expect(after.map((c: any) => c.name)).toEqual([list[0].name, list[2].name, list[3].name]);
    const gone = await call(t, { cookie }, "GET", slug, `/competitors/${list[1].competitorId}`);
    expect(gone.status).toBe(404);
    expect(await auditOf(t, slug, "competitor.delete")).toHaveLength(1);
  });

  it("the workspace summary shows the same competitors", async () => {
    const summary = (await t.request<any>("GET", `/api/v1/workspaces/${slug}`, { cookie })).body;
    const list = (await call(t, { cookie }, "GET", slug, "/competitors")).body.data;
    expect(summary.competitors.map((c: any) => c.name)).toEqual(list.map((c: any) => c.name));
  });
});
