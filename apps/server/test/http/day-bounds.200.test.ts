import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";

/**
 * The contract's day (components/schemas/Day, 2000-01-01..2100-12-31) is also the day of the
 * responses, so a day a service derives from the request (a default `from` 27 or 89 days before
 * `to`, a default `to` after `from`, the previous period of the sources) stays inside the bounds
 * too. On the bound days every route with a day range answers 200 with every day of its body
 * inside them; before, `from=2000-01-01&to=2000-01-31` on `.../sources` answered a
 * `previousPeriod` in 1999 and `to=2000-01-05` on `.../metrics/changes` a `from` in 1999 (500s
 * under response validation, which the harness turns on).
 */
let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("bounds@example.com");
  slug = await t.createWorkspace(cookie, { brand: "bounds" });
});

/** Ranges on and next to the bounds that every route with a day range accepts. */
const ranges = [
  "from=2000-01-01&to=2000-01-01",
  "from=2000-01-01&to=2000-01-31",
  "from=2000-01-02&to=2000-01-31",
  "from=2100-12-01&to=2100-12-31",
  "from=2100-12-31&to=2100-12-31",
];
/** Only one end given: the other is a default derived from it (from and to both required on the time series). */
const openRanges = ["to=2000-01-01", "to=2000-01-05", "to=2000-01-10", "to=2100-12-31"];

const routes: Array<{ path: string; queries: string[] }> = [
  { path: "metrics/timeseries", queries: ranges },
  {
    path: "metrics/changes",
    // `to` defaults to the latest day with data up to 89 days after `from`.
    queries: [...ranges, ...openRanges, "from=2100-12-20", "from=2100-10-15", "from=2000-01-01"],
  },
  { path: "sources", queries: [...ranges, ...openRanges] },
  { path: "metrics/surface-gap", queries: [...ranges, ...openRanges] },
  // `to` defaults to the latest day with data, within 366 days after `from`.
  {
    path: "answers",
    queries: [...ranges, ...openRanges, "from=2000-01-01", "from=2100-12-31", "from=2099-06-01"],
  },
  { path: "sources/acme.com", queries: [...ranges, ...openRanges] },
  { path: "seo/traffic", queries: [...ranges, ...openRanges] },
  { path: "seo/landing-pages", queries: [...ranges, ...openRanges] },
  { path: "seo/queries", queries: [...ranges, ...openRanges] },
  { path: "seo/correlation", queries: [...ranges, ...openRanges] },
  { path: "metrics", queries: ["date=2000-01-01", "date=2100-12-31"] },
  { path: "scoreboard", queries: ["date=2000-01-01", "date=2100-12-31"] },
];

const dayText = /^\d{4}-\d{2}-\d{2}$/;

/** Every string of the body written as a day, with where it is. */
function daysIn(value: unknown, at = "body"): Array<[string, string]> {
  if (typeof value === "string") return dayText.test(value) ? [[at, value]] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => daysIn(v, `${at}[${i}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => daysIn(v, `${at}.${k}`));
  return [];
}

describe("days derived from the bound days stay inside the bounds", () => {
  for (const { path, queries } of routes) {
    it(`GET .../${path} answers 200 with its days within 2000-01-01..2100-12-31`, async () => {
      for (const query of queries) {
        const response = await t.request<any>(
          "GET",
          `/api/v1/workspaces/${slug}/${path}?${query}`,
          { cookie },
        );
        expect(response.status, `${query}: ${response.text}`).toBe(200);
        const outside = daysIn(response.body).filter(
          ([, day]) => day < "2000-01-01" || day > "2100-12-31",
        );
        expect(outside, query).toEqual([]);
      }
    });
  }

  it("GET .../sources answers no previous period when the one of the same length would start before 2000-01-01", async () => {
    const at = (query: string) =>
      t.request<any>("GET", `/api/v1/workspaces/${slug}/sources?${query}`, { cookie });
    const first = await at("from=2000-01-01&to=2000-01-31");
    expect(first.body.period).toEqual({ from: "2000-01-01", to: "2000-01-31" });
    expect(first.body.previousPeriod).toBeNull();
    const short = await at("from=2000-01-10&to=2000-01-31");
    expect(short.body.previousPeriod).toBeNull();
    const fits = await at("from=2000-01-13&to=2000-01-24");
    expect(fits.body.previousPeriod).toEqual({ from: "2000-01-01", to: "2000-01-12" });
  });

  it("GET .../metrics/changes holds its defaults to the bounds", async () => {
    const at = async (query: string) =>
      (
        await t.request<any>("GET", `/api/v1/workspaces/${slug}/metrics/changes?${query}`, {
          cookie,
        })
      ).body;
    expect(await at("to=2000-01-05")).toMatchObject({ from: "2000-01-01", to: "2000-01-05" });
    expect(await at("from=2100-12-20")).toMatchObject({ from: "2100-12-20", to: "2100-12-31" });
  });
});
