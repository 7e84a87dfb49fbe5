import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { auditOf, call, fieldsOf } from "./config-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("profile-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "profile" });
});

const put = (body: unknown) => call(t, { cookie }, "PUT", slug, "/profile", body);
const full = {
  description: "Privacy-first web analytics.",
  category: "web analytics",
  positioning: "The simple alternative to big analytics suites.",
  markets: ["es", "us"],
};

describe("GET/PUT /api/v1/workspaces/{workspace}/profile", () => {
  it("GET before any PUT answers the empty profile", async () => {
    const response = await call(t, { cookie }, "GET", slug, "/profile");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      description: null,
      category: null,
      positioning: null,
      markets: [],
    });
  });

  it("PUT stores the whole profile, audited; GET answers it", async () => {
    const response = await put(full);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual(full);
    expect((await call(t, { cookie }, "GET", slug, "/profile")).body).toEqual(full);
    expect(await auditOf(t, slug, "profile.update")).toHaveLength(1);
  });

  it("null clears a text field", async () => {
    const cleared = { ...full, category: null, markets: [] };
    expect((await put(cleared)).body).toEqual(cleared);
    expect((await call(t, { cookie }, "GET", slug, "/profile")).body).toEqual(cleared);
  });

  it.each([
    ["description", "x".repeat(2001), "x".repeat(2000)],
    ["category", "x".repeat(121), "x".repeat(120)],
    ["positioning", "x".repeat(1001), "x".repeat(1000)],
    ["description", "", "x"],
    [
      "markets",
      Array.from({ length: 21 }, (_, i) => `m${i}`),
      Array.from({ length: 20 }, (_, i) => `m${i}`),
    ],
    ["markets", ["x".repeat(61)], ["x".repeat(60)]],
    ["markets", [""], ["x"]],
    ["markets", ["es", "es"], ["es", "fr"]],
  ])("%s: %j is refused, the bound accepted", async (field, bad, good) => {
    const fields = fieldsOf(await put({ ...full, [field]: bad }));
    expect(fields.length).toBeGreaterThan(0);
    for (const name of fields) expect(name.startsWith(`body.${field}`)).toBe(true);
    expect((await put({ ...full, [field]: good })).status).toBe(200);
  });

  it("refuses a missing or unknown field", async () => {
    const { markets: _markets, ...partial } = full;
    expect(fieldsOf(await put(partial))).toEqual(["body.markets"]);
    expect(fieldsOf(await put({ ...full, logo: "x" }))).toEqual(["body.logo"]);
  });
});
