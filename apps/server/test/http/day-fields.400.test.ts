import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestResponse, TestServer } from "../harness/test-server.js";

/**
 * Every day of the contract (components/schemas/Day) is a real calendar day within
 * 2000-01-01..2100-12-31, checked by the validator for every request: anything else is a 400
 * naming the field with rule `format`, never a 500, a hang or a 200 echoing it. On the old
 * `format: date` (ajv's fast check), 0000-00-00 reached `.../seo/queries` (500, Invalid time
 * value) and `.../seo/landing-pages` (500, Prisma Invalid Date), 9999-12-01..9999-12-31 made
 * `.../seo/correlation` loop until the heap was gone, and 2026-02-30 was echoed back.
 */
let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("days@example.com");
  slug = await t.createWorkspace(cookie, { brand: "days" });
});

/** Every path, query and body field of the contract that is a day, by operation. */
const dayFields: Array<{ method: "GET" | "POST"; path: string; fields: string[] }> = [
  { method: "GET", path: "metrics", fields: ["query.date"] },
  { method: "GET", path: "scoreboard", fields: ["query.date"] },
  { method: "GET", path: "metrics/timeseries", fields: ["query.from", "query.to"] },
  { method: "GET", path: "metrics/changes", fields: ["query.from", "query.to"] },
  { method: "GET", path: "sources", fields: ["query.from", "query.to"] },
  { method: "GET", path: "sources/acme.com", fields: ["query.from", "query.to"] },
  { method: "GET", path: "seo/traffic", fields: ["query.from", "query.to"] },
  { method: "GET", path: "seo/landing-pages", fields: ["query.from", "query.to"] },
  { method: "GET", path: "seo/queries", fields: ["query.from", "query.to"] },
  { method: "GET", path: "seo/correlation", fields: ["query.from", "query.to"] },
  { method: "POST", path: "seo/refresh", fields: ["body.from", "body.to"] },
  { method: "POST", path: "seo/query-suggestions", fields: ["body.from", "body.to"] },
];

const impossibleDays = [
  "0000-00-00",
  "2026-02-30",
  "2025-02-29",
  "2026-13-01",
  "9999-12-31",
  "1999-12-31",
  "2101-01-01",
  "0001-01-01",
  "+010000-01-01",
  "2026-1-01",
];

/** The other day of a range, so only the field under test is out of bounds. */
const partner = { from: "2026-01-01", to: "2026-01-02" } as Record<string, string>;

function send(method: "GET" | "POST", path: string, field: string, value: string) {
  const [place, name] = field.split(".") as ["query" | "body", string];
  const values: Record<string, string> = { [name]: value };
  const other = name === "from" ? "to" : name === "to" ? "from" : undefined;
  if (other) values[other] = partner[other] as string;
  const url = `/api/v1/workspaces/${slug}/${path}`;
  if (place === "query")
    return t.request<any>(method, `${url}?${new URLSearchParams(values)}`, { cookie });
  return t.request<any>(method, url, { cookie, body: values });
}

function expectDayRefused(response: TestResponse<any>, field: string) {
  expect(response.status, response.text).toBe(400);
  expect(response.body.error.code).toBe("invalid_request");
  expect(response.body.error.requestId).toBe(response.headers.get("x-request-id"));
  const named = response.body.error.details.fields.map((f: any) => [f.field, f.rule]);
  expect(named).toContainEqual([field, "format"]);
}

describe("days outside the calendar or the contract's bounds", () => {
  for (const { method, path, fields } of dayFields) {
    for (const field of fields) {
      it(`${method} .../${path} refuses them in ${field}`, async () => {
        for (const value of impossibleDays) {
          expectDayRefused(await send(method, path, field, value), field);
        }
      });
    }
  }

  it("answers the reported crash request with a 400 naming the fields", async () => {
    const response = await t.request<any>(
      "GET",
      `/api/v1/workspaces/${slug}/seo/correlation?from=9999-12-01&to=9999-12-31`,
      { cookie },
    );
    expectDayRefused(response, "query.from");
    expectDayRefused(response, "query.to");
    expect(response.body.error.details.fields[0].message).toContain("2000-01-01");
  });

  it("accepts the first and last day of the bounds and a leap day", async () => {
    for (const query of [
      "from=2000-01-01&to=2000-01-31",
      "from=2100-12-01&to=2100-12-31",
      "from=2024-02-29&to=2024-03-01",
    ]) {
      const response = await t.request<any>(
        "GET",
        `/api/v1/workspaces/${slug}/seo/correlation?${query}`,
        { cookie },
      );
      expect(response.status, response.text).toBe(200);
    }
  });
});
