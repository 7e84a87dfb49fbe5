import { apiError, type GoogleReply } from "./google-wire.js";

/** One row of search analytics, keyed by the dimension names (`date` as YYYY-MM-DD). */
export interface SearchAnalyticsRow {
  date: string;
  query: string;
  page: string;
  country?: string;
  device?: string;
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

export interface FakeSite {
  permissionLevel: "siteOwner" | "siteFullUser" | "siteRestrictedUser";
  /** Accounts (service-account emails or users) the site is shared with. */
  users: Set<string>;
  rows: SearchAnalyticsRow[];
}

export const SEARCH_CONSOLE_SCOPES = [
  "https://www.googleapis.com/auth/webmasters",
  "https://www.googleapis.com/auth/webmasters.readonly",
];

const DIMENSIONS = new Set(["date", "query", "page", "country", "device", "searchAppearance"]);

/**
 * Search Console API v1 (the `webmasters/v3` paths the client calls): the site lookup and
 * search analytics with `rowLimit` (default 1,000, at most 25,000) and `startRow` paging,
 * rows sorted by clicks (descending) as Google does without a date dimension, else by date.
 */
export class FakeSearchConsole {
  readonly sites = new Map<string, FakeSite>();

  addSite(siteUrl: string, users: string[], rows: SearchAnalyticsRow[] = []): FakeSite {
    const site: FakeSite = { permissionLevel: "siteFullUser", users: new Set(users), rows };
    this.sites.set(siteUrl, site);
    return site;
  }

  /** `GET /webmasters/v3/sites/{siteUrl}` for the caller `email`. */
  getSite(siteUrl: string, email: string): GoogleReply {
    const site = this.accessible(siteUrl, email);
    if (!site.ok) return site.reply;
    return { status: 200, body: { siteUrl, permissionLevel: site.site.permissionLevel } };
  }

  /** `POST /webmasters/v3/sites/{siteUrl}/searchAnalytics/query`. */
  query(siteUrl: string, email: string, body: Record<string, unknown>): GoogleReply {
    const site = this.accessible(siteUrl, email);
    if (!site.ok) return site.reply;
    const { startDate, endDate } = body;
    if (typeof startDate !== "string" || typeof endDate !== "string")
      return invalid("startDate and endDate are required (YYYY-MM-DD).");
    const dimensions = Array.isArray(body.dimensions) ? (body.dimensions as string[]) : [];
    if (dimensions.some((d) => !DIMENSIONS.has(d))) return invalid("Invalid dimension.");
    const rowLimit = body.rowLimit === undefined ? 1000 : Number(body.rowLimit);
    const startRow = body.startRow === undefined ? 0 : Number(body.startRow);
    if (!Number.isInteger(rowLimit) || rowLimit < 1 || rowLimit > 25_000)
      return invalid("rowLimit must be between 1 and 25000.");
    if (!Number.isInteger(startRow) || startRow < 0) return invalid("startRow must be >= 0.");
    const inRange = site.site.rows.filter((r) => r.date >= startDate && r.date <= endDate);
    const grouped = new Map<
      string,
      { keys: string[]; clicks: number; impressions: number; weighted: number }
    >();
    for (const row of inRange) {
      const keys = dimensions.map((d) => String(row[d as keyof SearchAnalyticsRow] ?? ""));
      const id = JSON.stringify(keys);
      const entry = grouped.get(id) ?? { keys, clicks: 0, impressions: 0, weighted: 0 };
      entry.clicks += row.clicks;
      entry.impressions += row.impressions;
      entry.weighted += row.position * row.impressions;
      grouped.set(id, entry);
    }
    const dateIndex = dimensions.indexOf("date");
    const rows = [...grouped.values()]
      .sort((a, b) =>
        dateIndex >= 0
          ? (a.keys[dateIndex] ?? "").localeCompare(b.keys[dateIndex] ?? "") || b.clicks - a.clicks
          : b.clicks - a.clicks,
      )
      .slice(startRow, startRow + rowLimit)
      .map((r) => ({
        keys: r.keys,
        clicks: r.clicks,
        impressions: r.impressions,
        ctr: r.impressions > 0 ? r.clicks / r.impressions : 0,
        position: r.impressions > 0 ? r.weighted / r.impressions : 0,
      }));
    // Google leaves `rows` out of an empty page.
    return {
      status: 200,
      body:
        rows.length > 0
          ? { rows, responseAggregationType: "byPage" }
          : { responseAggregationType: "byPage" },
    };
  }

  private accessible(siteUrl: string, email: string) {
    const site = this.sites.get(siteUrl);
    if (site?.users.has(email)) return { ok: true as const, site };
    const message = `User does not have sufficient permission for site '${siteUrl}'. See also: https://support.google.com/webmasters/answer/2451999.`;
    return {
      ok: false as const,
      reply: apiError(403, "PERMISSION_DENIED", message, {
        errors: [{ message, domain: "global", reason: "forbidden" }],
      }),
    };
  }
}

const invalid = (message: string) =>
  apiError(400, "INVALID_ARGUMENT", message, {
    errors: [{ message, domain: "global", reason: "invalid" }],
  });
