import { expect } from "vitest";
import { executeSeoRefresh } from "../../src/services/seo/execute-seo-refresh.js";
import { GA4_PROPERTY, GSC_PROPERTY } from "../connections/connection-fixture.js";
import type { Ga4Row } from "../fakes/google/fake-analytics-data.js";
import type { SearchAnalyticsRow } from "../fakes/google/fake-search-console.js";
import type { TestResponse } from "../harness/test-server.js";
import { daysAgo, type SeoFixture } from "./seo-fixture.js";

/** Adds Search Console and GA4 rows to the fake property before a refresh pulls them. */
export function addGoogleRows(
  f: SeoFixture,
  rows: { search?: SearchAnalyticsRow[]; traffic?: Ga4Row[] },
): void {
  f.google.searchConsole.sites.get(GSC_PROPERTY)?.rows.push(...(rows.search ?? []));
  f.google.analytics.properties.get(GA4_PROPERTY)?.rows.push(...(rows.traffic ?? []));
}

/** Queries beside the fixture's `acme query <i>` rows (two days of `crm pricing`). */
export function matchingSearchRows(f: SeoFixture): SearchAnalyticsRow[] {
  const row = (query: string, day: number, clicks: number, impressions: number, position = 3) => ({
    date: daysAgo(f.t, day),
    query,
    page: `https://acme.com/${query.replaceAll(" ", "-")}`,
    clicks,
    impressions,
    ctr: clicks / impressions,
    position,
  });
  return [
    row("best crm tools for startups", 2, 20, 500),
    row("crm pricing", 2, 3, 100, 2),
    row("crm pricing", 3, 6, 200, 5),
    row("acme reviews", 4, 10, 200),
    row("how to export invoices", 5, 0, 50),
  ];
}

/** Runs a refresh of the default range in-process (the fixture's workers are off). */
export async function refreshNow(f: SeoFixture, slug = f.slug): Promise<void> {
  const started = await f.refresh({}, slug);
  expect(started.status, started.text).toBe(202);
  await executeSeoRefresh({ ctx: f.t.server.ctx, refreshId: started.body.refreshId });
  const done = await f.get(started.body.refreshId, slug);
  expect(done.body.status).toBe("succeeded");
}

/** GET `/api/v1/workspaces/{slug}/seo/<path>` as the owner or another caller. */
export function readSeo(
  f: SeoFixture,
  path: string,
  caller: object = { cookie: f.cookie },
  slug = f.slug,
): Promise<TestResponse<any>> {
  return f.t.request<any>("GET", `/api/v1/workspaces/${slug}/seo/${path}`, caller);
}

/** POST `.../seo/query-suggestions`. */
export function suggestFromQueries(
  f: SeoFixture,
  body: object,
  caller: object = { cookie: f.cookie },
  slug = f.slug,
): Promise<TestResponse<any>> {
  return f.t.request<any>("POST", `/api/v1/workspaces/${slug}/seo/query-suggestions`, {
    ...caller,
    body,
  });
}
