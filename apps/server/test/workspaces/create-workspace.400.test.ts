import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, validWorkspace } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("owner@example.com");
});
afterAll(() => t.close());

const competitor = (overrides: Record<string, unknown> = {}) => ({
  name: "Globex",
  domains: ["globex.com"],
  aliases: ["Globex"],
  ambiguous: false,
  ...overrides,
});
const quotas = (overrides: Record<string, unknown> = {}) => ({
  ...validWorkspace().quotas,
  ...overrides,
});
const nine = Array.from({ length: 9 }, (_, i) => `d${i}.com`);

/** [case, body change, field named in details, rule] */
const cases: Array<[string, Record<string, unknown>, string, string]> = [
  ["brand missing", { brand: undefined }, "body.brand", "required"],
  ["brand too short", { brand: "a" }, "body.brand", "pattern"],
  ["brand too long", { brand: "a".repeat(21) }, "body.brand", "pattern"],
  ["brand upper case", { brand: "Acme" }, "body.brand", "pattern"],
  ["brand with underscore", { brand: "ac_me" }, "body.brand", "pattern"],
  ["brand not a string", { brand: 12 }, "body.brand", "type"],
  // The slug is the brand, and the slug names the workspace's inbox: no role mailbox or host.
  ...["postmaster", "admin", "abuse", "noreply", "no-reply", "root", "webmaster", "www", "api"].map(
    (brand): [string, Record<string, unknown>, string, string] => [
      `brand reserved (${brand})`,
      { brand },
      "body.brand",
      "reserved",
    ],
  ),
  ["displayName too short", { displayName: "A" }, "body.displayName", "minLength"],
  ["displayName too long", { displayName: "A".repeat(61) }, "body.displayName", "maxLength"],
  ["domains empty", { domains: [] }, "body.domains", "minItems"],
  ["domains over 8", { domains: nine }, "body.domains", "maxItems"],
  ["domain without TLD", { domains: ["acme"] }, "body.domains[0]", "pattern"],
  ["domain with scheme", { domains: ["https://acme.com"] }, "body.domains[0]", "pattern"],
  ["domain upper case", { domains: ["Acme.com"] }, "body.domains[0]", "pattern"],
  ["domain leading hyphen", { domains: ["-acme.com"] }, "body.domains[0]", "pattern"],
  ["domain listed twice", { domains: ["acme.com", "acme.com"] }, "body.domains[1]", "unique"],
  ["languages empty", { languages: [] }, "body.languages", "minItems"],
  ["language unknown", { languages: ["de"] }, "body.languages[0]", "enum"],
  [
    "regions over 8",
    { regions: ["aa", "bb", "cc", "dd", "ee", "ff", "gg", "hh", "ii"] },
    "body.regions",
    "maxItems",
  ],
  ["region with digit", { regions: ["us1"] }, "body.regions[0]", "pattern"],
  ["region too short", { regions: ["u"] }, "body.regions[0]", "pattern"],
  ["region too long", { regions: ["a".repeat(21)] }, "body.regions[0]", "pattern"],
  ["competitors fewer than 2", { competitors: [competitor()] }, "body.competitors", "minItems"],
  [
    "competitors over 12",
    { competitors: Array.from({ length: 13 }, (_, i) => competitor({ name: `Co ${i}` })) },
    "body.competitors",
    "maxItems",
  ],
  [
    "competitor name too short",
    { competitors: [competitor({ name: "G" }), competitor({ name: "Other" })] },
    "body.competitors[0].name",
    "minLength",
  ],
  [
    "competitor name too long",
    { competitors: [competitor({ name: "G".repeat(61) }), competitor({ name: "Other" })] },
    "body.competitors[0].name",
    "maxLength",
  ],
  [
    "competitor names repeat",
    { competitors: [competitor(), competitor({ name: "globex" })] },
    "body.competitors[1].name",
    "unique",
  ],
  [
    "competitor domains empty",
    { competitors: [competitor({ domains: [] }), competitor({ name: "Other" })] },
    "body.competitors[0].domains",
    "minItems",
  ],
  [
    "competitor domains over 5",
    { competitors: [competitor({ domains: nine.slice(0, 6) }), competitor({ name: "Other" })] },
    "body.competitors[0].domains",
    "maxItems",
  ],
  [
    "competitor domain malformed",
    { competitors: [competitor({ domains: ["not a domain"] }), competitor({ name: "Other" })] },
    "body.competitors[0].domains[0]",
    "pattern",
  ],
  [
    "competitor aliases empty",
    { competitors: [competitor({ aliases: [] }), competitor({ name: "Other" })] },
    "body.competitors[0].aliases",
    "minItems",
  ],
  [
    "competitor aliases over 8",
    {
      competitors: [
        competitor({ aliases: Array.from({ length: 9 }, (_, i) => `a${i}`) }),
        competitor({ name: "Other" }),
      ],
    },
    "body.competitors[0].aliases",
    "maxItems",
  ],
  [
    "competitor alias empty",
    { competitors: [competitor({ aliases: [""] }), competitor({ name: "Other" })] },
    "body.competitors[0].aliases[0]",
    "minLength",
  ],
  [
    "competitor alias too long",
    { competitors: [competitor({ aliases: ["a".repeat(61)] }), competitor({ name: "Other" })] },
    "body.competitors[0].aliases[0]",
    "maxLength",
  ],
  [
    "competitor ambiguous not boolean",
    { competitors: [competitor({ ambiguous: "no" }), competitor({ name: "Other" })] },
    "body.competitors[0].ambiguous",
    "type",
  ],
  [
    "competitor missing ambiguous",
    { competitors: [competitor({ ambiguous: undefined }), competitor({ name: "Other" })] },
    "body.competitors[0].ambiguous",
    "required",
  ],
  [
    "competitor extra field",
    { competitors: [competitor({ url: "x" }), competitor({ name: "Other" })] },
    "body.competitors[0].url",
    "additionalProperties",
  ],
  ["gscProperty without prefix", { gscProperty: "acme.com" }, "body.gscProperty", "pattern"],
  [
    "gscProperty url-prefix form",
    { gscProperty: "https://acme.com/" },
    "body.gscProperty",
    "pattern",
  ],
  ["ga4Property too short", { ga4Property: "12345" }, "body.ga4Property", "pattern"],
  ["ga4Property too long", { ga4Property: "1234567890123" }, "body.ga4Property", "pattern"],
  ["ga4Property not digits", { ga4Property: "G-123456" }, "body.ga4Property", "pattern"],
  ["ga4Property a number", { ga4Property: 123456789 }, "body.ga4Property", "type"],
  ["activeSetSize below 20", { activeSetSize: 19 }, "body.activeSetSize", "minimum"],
  ["activeSetSize above 300", { activeSetSize: 301 }, "body.activeSetSize", "maximum"],
  ["activeSetSize fractional", { activeSetSize: 50.5 }, "body.activeSetSize", "type"],
  ["activeSetSize a string", { activeSetSize: "50" }, "body.activeSetSize", "type"],
  [
    "complianceProfile unknown",
    { complianceProfile: "us_medical" },
    "body.complianceProfile",
    "enum",
  ],
  [
    "quotas member missing",
    { quotas: quotas({ expert: undefined }) },
    "body.quotas.expert",
    "required",
  ],
  [
    "quotas extra member",
    { quotas: quotas({ other: 0 }) },
    "body.quotas.other",
    "additionalProperties",
  ],
  [
    "quota discovery above 1",
    { quotas: quotas({ discovery: 1.1 }) },
    "body.quotas.discovery",
    "maximum",
  ],
  [
    "quota discovery negative",
    { quotas: quotas({ discovery: -0.1 }) },
    "body.quotas.discovery",
    "minimum",
  ],
  [
    "quota comparison above 1",
    { quotas: quotas({ comparison: 2 }) },
    "body.quotas.comparison",
    "maximum",
  ],
  ["quota not a number", { quotas: quotas({ expert: "0.1" }) }, "body.quotas.expert", "type"],
  ["quotas not summing to 1", { quotas: quotas({ discovery: 0.5 }) }, "body.quotas", "sum"],
  ["extra top-level field", { slug: "mine" }, "body.slug", "additionalProperties"],
];

describe("POST /api/v1/workspaces rejects invalid bodies with 400 invalid_request", () => {
  it.each(cases)("%s", async (_name, change, field, rule) => {
    const body: Record<string, unknown> = { ...validWorkspace(), ...change };
    for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
    const response = await t.request<any>("POST", "/api/v1/workspaces", { cookie, body });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid_request");
    expect(response.body.error.requestId).toBe(response.headers.get("x-request-id"));
    expect(response.body.error.details.fields).toContainEqual(
      expect.objectContaining({ field, rule }),
    );
  });

  it("names the reserved brand in words, and creates nothing", async () => {
    const response = await t.request<any>("POST", "/api/v1/workspaces", {
      cookie,
      body: validWorkspace({ brand: "postmaster" }),
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details.fields).toEqual([
      {
        field: "body.brand",
        rule: "reserved",
        message: "postmaster is a reserved name (a mailbox or host name); choose another brand",
      },
    ]);
    const slugs = (await t.server.ctx.prisma.workspace.findMany()).map((w) => w.slug);
    expect(slugs.some((slug) => slug.startsWith("postmaster"))).toBe(false);
    // A brand that merely contains one is fine.
    const fine = await t.request<any>("POST", "/api/v1/workspaces", {
      cookie,
      body: validWorkspace({ brand: "admin-tools" }),
    });
    expect(fine.status, fine.text).toBe(201);
  });

  it("accepts every bound exactly at its limit", async () => {
    const response = await t.request<any>("POST", "/api/v1/workspaces", {
      cookie,
      body: validWorkspace({
        brand: "ab",
        displayName: "A".repeat(60),
        domains: nine.slice(0, 8),
        languages: ["en", "es", "ca", "fr"],
        regions: ["aa", "bb", "cc", "dd", "ee", "ff", "gg", "a".repeat(20)],
        competitors: Array.from({ length: 12 }, (_, i) =>
          competitor({
            name: `${"C".repeat(58)}${String(i).padStart(2, "0")}`,
            domains: nine.slice(0, 5),
            aliases: Array.from({ length: 8 }, (_, j) => (j === 0 ? "a".repeat(60) : `x${j}`)),
          }),
        ),
        ga4Property: "123456789012",
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
      }),
    });
    expect(response.status).toBe(201);
    const lower = await t.request<any>("POST", "/api/v1/workspaces", {
      cookie,
      body: validWorkspace({
        brand: "a".repeat(20),
        regions: [],
        activeSetSize: 20,
        ga4Property: "123456",
      }),
    });
    expect(lower.status).toBe(201);
  });

  it("rejects a body that is not JSON with a field-level 400", async () => {
    const response = await t.request<any>("POST", "/api/v1/workspaces", {
      cookie,
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: "invalid_request",
      details: { fields: [{ field: "body", rule: "json" }] },
    });
  });

  it("writes nothing when the body is rejected", async () => {
    const before = await t.server.ctx.prisma.workspace.count();
    await t.request("POST", "/api/v1/workspaces", {
      cookie,
      body: validWorkspace({ brand: "nothing", quotas: quotas({ discovery: 0.9 }) }),
    });
    expect(await t.server.ctx.prisma.workspace.count()).toBe(before);
    expect(
      await t.server.ctx.prisma.competitor.count({ where: { workspace: { slug: "nothing" } } }),
    ).toBe(0);
  });
});
