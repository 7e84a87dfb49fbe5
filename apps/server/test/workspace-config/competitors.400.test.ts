import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { call, competitor, fieldsOf } from "./config-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let competitorId: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("competitors-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "competitors-400" });
  competitorId = (await call(t, { cookie }, "GET", slug, "/competitors")).body.data[0].competitorId;
});

const cases: Array<[string, unknown]> = [
  ["name", "H"],
  ["name", "H".repeat(61)],
  ["domains", []],
  ["domains", ["a.com", "b.com", "c.com", "d.com", "e.com", "f.com"]],
  ["domains", ["not a domain"]],
  ["aliases", []],
  ["aliases", Array.from({ length: 9 }, (_, i) => `alias ${i}`)],
  ["aliases", [""]],
  ["aliases", ["a".repeat(61)]],
  ["ambiguous", "yes"],
];

describe("competitors: 400 invalid_request", () => {
  it.each(cases)("POST: %s = %j", async (field, value) => {
    const response = await call(t, { cookie }, "POST", slug, "/competitors", {
      ...competitor("Valid Name"),
      [field]: value,
    });
    for (const name of fieldsOf(response)) expect(name.startsWith(`body.${field}`)).toBe(true);
  });

  it.each(cases)("PATCH: %s = %j", async (field, value) => {
    const response = await call(t, { cookie }, "PATCH", slug, `/competitors/${competitorId}`, {
      [field]: value,
    });
    for (const name of fieldsOf(response)) expect(name.startsWith(`body.${field}`)).toBe(true);
  });

  it("POST needs all four fields; PATCH at least one; neither takes others", async () => {
    const { ambiguous: _a, ...three } = competitor("Valid Name");
    expect(fieldsOf(await call(t, { cookie }, "POST", slug, "/competitors", three))).toEqual([
      "body.ambiguous",
    ]);
    fieldsOf(await call(t, { cookie }, "PATCH", slug, `/competitors/${competitorId}`, {}));
    const extra = await call(t, { cookie }, "PATCH", slug, `/competitors/${competitorId}`, {
      position: 3,
    });
    expect(fieldsOf(extra)).toEqual(["body.position"]);
  });

  it("nothing was written", async () => {
    expect((await call(t, { cookie }, "GET", slug, "/competitors")).body.data).toHaveLength(2);
  });
});
