import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { call, fieldsOf } from "./config-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("settings-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "settings-400" });
});

const patch = (body: unknown) => call(t, { cookie }, "PATCH", slug, "/settings", body);
const austin = { city: "Austin", country: "US", latitude: 30.2672, longitude: -97.7431 };
const domains = (n: number) => Array.from({ length: n }, (_, i) => `d${i}.example.com`);
const regions = (n: number) => Array.from({ length: n }, () => "eu");
const quotas = (discovery: number) => ({
  discovery,
  problem_solution: 0.2,
  use_case: 0.2,
  comparison: 0.1,
  expert: 0.1,
  brand_research: 0.1,
});

describe("PATCH /api/v1/workspaces/{workspace}/settings: 400 invalid_request", () => {
  it.each([
    ["displayName", "A", "A".repeat(2)],
    ["displayName", "A".repeat(61), "A".repeat(60)],
    ["domains", [], domains(1)],
    ["domains", domains(9), domains(8)],
    ["domains", ["Not_A_Domain"], ["acme.io"]],
    ["languages", [], ["fr"]],
    ["languages", ["en", "en"], ["en", "ca"]],
    ["languages", ["de"], ["es"]],
    ["regions", regions(9), regions(8)],
    ["regions", ["e"], ["eu"]],
    ["regions", ["a".repeat(21)], ["a".repeat(20)]],
    // The property must name one of the workspace's domains, which the row above set to acme.io.
    ["gscProperty", "acme.com", "sc-domain:acme.io"],
    ["ga4Property", "12345", "123456"],
    ["ga4Property", "1234567890123", "123456789012"],
    ["activeSetSize", 19, 20],
    ["activeSetSize", 301, 300],
    ["activeSetSize", 20.5, 21],
    ["complianceProfile", "hipaa", "none"],
    ["quotas", { ...quotas(0.3), expert: 1.1 }, quotas(0.3)],
    ["quotas", { ...quotas(0.3), expert: -0.1 }, quotas(0.3)],
    ["searchLocation", { ...austin, latitude: 90.5 }, austin],
    ["searchLocation", { ...austin, longitude: -180.1 }, austin],
    ["searchLocation", { ...austin, country: "us" }, austin],
    ["searchLocation", { ...austin, city: "" }, austin],
    ["searchLocation", { ...austin, city: "A".repeat(81) }, austin],
    ["searchLocation", { city: "Austin", country: "US" }, null],
  ])("%s: %j is refused, %j accepted", async (field, bad, good) => {
    expect(
      fieldsOf(await patch({ [field]: bad })).every((f) => f.startsWith(`body.${field}`)),
    ).toBe(true);
    const accepted = await patch({ [field]: good });
    expect(accepted.status, accepted.text).toBe(200);
  });

  it("quotas must sum to 1", async () => {
    const response = await patch({ quotas: quotas(0.31) });
    expect(fieldsOf(response)).toEqual(["body.quotas"]);
    expect(response.body.error.details.fields[0].rule).toBe("sum");
  });

  it("quotas need all six members and no others", async () => {
    const { brand_research: _dropped, ...five } = quotas(0.3);
    expect(fieldsOf(await patch({ quotas: five }))).toEqual(["body.quotas.brand_research"]);
    expect(fieldsOf(await patch({ quotas: { ...quotas(0.3), other: 0 } }))).toEqual([
      "body.quotas.other",
    ]);
  });

  it("domains may not repeat", async () => {
    const response = await patch({ domains: ["acme.com", "acme.io", "acme.com"] });
    expect(fieldsOf(response)).toEqual(["body.domains[2]"]);
    expect(response.body.error.details.fields[0].rule).toBe("unique");
  });

  it("an empty body, the brand, competitors or an unknown field are refused", async () => {
    fieldsOf(await patch({}));
    expect(fieldsOf(await patch({ brand: "other" }))).toEqual(["body.brand"]);
    expect(fieldsOf(await patch({ competitors: [] }))).toEqual(["body.competitors"]);
    expect(fieldsOf(await patch({ displayName: "Fine", color: "red" }))).toEqual(["body.color"]);
  });

  it("writes nothing when refused", async () => {
    const before = (await call(t, { cookie }, "GET", slug, "/settings")).body;
    fieldsOf(await patch({ displayName: "Changed", quotas: quotas(0.5) }));
    expect((await call(t, { cookie }, "GET", slug, "/settings")).body).toEqual(before);
  });
});
