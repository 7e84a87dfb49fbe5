import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { call, competitor, expectError } from "./config-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("competitors-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "competitors-409" });
});

const list = async () => (await call(t, { cookie }, "GET", slug, "/competitors")).body.data;
const create = (name: string) =>
  call(t, { cookie }, "POST", slug, "/competitors", competitor(name));

describe("competitors: 409", () => {
  it("competitor_exists for a name taken ignoring case and surrounding spaces", async () => {
    const globex = (await list())[0];
    for (const name of ["globex", "GLOBEX", " Globex "]) {
      const response = await create(name);
      expectError(response, 409, "competitor_exists");
      expect(response.body.error.details.competitorId).toBe(globex.competitorId);
    }
  });

  it("competitor_exists for renaming onto another competitor's name", async () => {
    const [globex, initech] = await list();
    const response = await call(
      t,
      { cookie },
      "PATCH",
      slug,
      `/competitors/${initech.competitorId}`,
      {
        name: "gLoBeX",
      },
    );
    expectError(response, 409, "competitor_exists");
    expect(response.body.error.details.competitorId).toBe(globex.competitorId);
    expect((await list())[1].name).toBe("Initech");
  });

  it("too_few_competitors for removing one of the last two", async () => {
    const [globex] = await list();
    const response = await call(
      t,
      { cookie },
      "DELETE",
      slug,
      `/competitors/${globex.competitorId}`,
    );
    expectError(response, 409, "too_few_competitors");
    expect(response.body.error.details).toEqual({ minCompetitors: 2, count: 2 });
    expect(await list()).toHaveLength(2);
  });

  it("too_many_competitors for the 13th", async () => {
    for (let i = 3; i <= 12; i++) expect((await create(`Rival ${i}`)).status).toBe(201);
    const response = await create("Rival 13");
    expectError(response, 409, "too_many_competitors");
    expect(response.body.error.details).toEqual({ maxCompetitors: 12, count: 12 });
    expect(await list()).toHaveLength(12);
  });

  it("concurrent creations stop at 12 exactly", async () => {
    const [first, second] = await list();
    for (const one of [first, second]) {
      const removed = await call(t, { cookie }, "DELETE", slug, `/competitors/${one.competitorId}`);
      expect(removed.status).toBe(204);
    }
    const responses = await Promise.all(Array.from({ length: 6 }, (_, i) => create(`Racer ${i}`)));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(await list()).toHaveLength(12);
  });
});
