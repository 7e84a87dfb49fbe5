import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { auditOf, call } from "./config-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("settings-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "settings-patch" });
});

const patch = (body: unknown) => call(t, { cookie }, "PATCH", slug, "/settings", body);

describe("PATCH /api/v1/workspaces/{workspace}/settings: 200", () => {
  it("changes only the fields sent, and audits the change", async () => {
    const before = (await call(t, { cookie }, "GET", slug, "/settings")).body;
    t.clock.advance(60_000);
    const response = await patch({ displayName: "Acme Renamed", regions: [] });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      ...before,
      displayName: "Acme Renamed",
      regions: [],
      updatedAt: response.body.updatedAt,
    });
    expect(response.body.updatedAt > before.updatedAt).toBe(true);
    const events = await auditOf(t, slug, "settings.update");
    expect(events).toHaveLength(1);
    expect(events[0]?.metadata).toEqual({ fields: ["displayName", "regions"] });
    expect((await call(t, { cookie }, "GET", slug, "/settings")).body).toEqual(response.body);
  });

  it("accepts every field at once, at the bounds", async () => {
    const body = {
      displayName: "Ac",
      domains: Array.from({ length: 8 }, (_, i) => `d${i}.example.com`),
      languages: ["en", "es", "ca", "fr"],
      regions: Array.from({ length: 8 }, (_, i) => `r${"x".repeat(i + 1)}`),
      gscProperty: "sc-domain:d0.example.com",
      ga4Property: "123456",
      activeSetSize: 300,
      complianceProfile: "eu_medical",
      quotas: {
        discovery: 1,
        problem_solution: 0,
        use_case: 0,
        comparison: 0,
        expert: 0,
        brand_research: 0,
      },
      searchLocation: { city: "A", country: "US", latitude: -90, longitude: 180 },
    };
    const response = await patch(body);
    expect(response.status, response.text).toBe(200);
    expect({ ...response.body, updatedAt: undefined }).toEqual({ ...body, updatedAt: undefined });
    expect((await patch({ displayName: "x".repeat(60), activeSetSize: 20 })).status).toBe(200);
    expect((await patch({ ga4Property: "123456789012" })).status).toBe(200);
  });

  it("accepts quotas that sum to 1 within floating-point error", async () => {
    const quotas = {
      discovery: 0.1,
      problem_solution: 0.2,
      use_case: 0.3,
      comparison: 0.1,
      expert: 0.2,
      brand_research: 0.1,
    };
    const response = await patch({ quotas });
    expect(response.status, response.text).toBe(200);
    expect(response.body.quotas).toEqual(quotas);
  });

  it("sets a search location, keeps it through other changes, and clears it with null", async () => {
    const austin = { city: "Austin", country: "US", latitude: 30.2672, longitude: -97.7431 };
    const set = await patch({ searchLocation: austin });
    expect(set.status, set.text).toBe(200);
    expect(set.body.searchLocation).toEqual(austin);
    expect((await patch({ displayName: "Acme Austin" })).body.searchLocation).toEqual(austin);
    const cleared = await patch({ searchLocation: null });
    expect(cleared.body.searchLocation).toBeNull();
    expect((await call(t, { cookie }, "GET", slug, "/settings")).body.searchLocation).toBeNull();
  });
});
