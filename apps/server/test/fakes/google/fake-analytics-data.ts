import { apiError, type GoogleReply } from "./google-wire.js";

/** One GA4 row, keyed by API names: dimensions as strings (`date` YYYYMMDD), metrics as numbers. */
export type Ga4Row = Record<string, string | number>;

export interface FakeProperty {
  users: Set<string>;
  rows: Ga4Row[];
}

export const ANALYTICS_SCOPES = [
  "https://www.googleapis.com/auth/analytics",
  "https://www.googleapis.com/auth/analytics.readonly",
];

const DIMENSIONS = [
  "date",
  "sessionSource",
  "sessionMedium",
  "sessionSourceMedium",
  "landingPage",
  "landingPagePlusQueryString",
  "pageReferrer",
  "country",
  "deviceCategory",
];
const METRICS = [
  "sessions",
  "conversions",
  "keyEvents",
  "totalUsers",
  "engagedSessions",
  "screenPageViews",
];

/**
 * The GA4 Data API v1beta: property metadata and `runReport` with `limit` (default 10,000,
 * at most 250,000) and `offset` paging, `rowCount` the total across pages; every value on the
 * wire is a string, as Google sends it.
 */
export class FakeAnalyticsData {
  readonly properties = new Map<string, FakeProperty>();

  addProperty(id: string, users: string[], rows: Ga4Row[] = []): FakeProperty {
    const property: FakeProperty = { users: new Set(users), rows };
    this.properties.set(id, property);
    return property;
  }

  /** `GET /v1beta/properties/{id}/metadata`. */
  metadata(id: string, email: string): GoogleReply {
    const property = this.accessible(id, email);
    if (!property.ok) return property.reply;
    return {
      status: 200,
      body: {
        name: `properties/${id}/metadata`,
        dimensions: DIMENSIONS.map((apiName) => ({
          apiName,
          uiName: apiName,
          description: apiName,
          category: "Session",
        })),
        metrics: METRICS.map((apiName) => ({
          apiName,
          uiName: apiName,
          description: apiName,
          type: "TYPE_INTEGER",
          category: "Session",
        })),
      },
    };
  }

  /** `POST /v1beta/properties/{id}:runReport`. */
  runReport(id: string, email: string, body: Record<string, unknown>): GoogleReply {
    const property = this.accessible(id, email);
    if (!property.ok) return property.reply;
    const names = (list: unknown) =>
      Array.isArray(list) ? list.map((d) => String((d as { name?: unknown }).name)) : [];
    const dimensions = names(body.dimensions);
    const metrics = names(body.metrics);
    const unknown = [
      ...dimensions.filter((d) => !DIMENSIONS.includes(d)),
      ...metrics.filter((m) => !METRICS.includes(m)),
    ];
    if (unknown.length > 0)
      return apiError(
        400,
        "INVALID_ARGUMENT",
        `Field ${unknown[0]} is not a valid dimension or metric.`,
      );
    const limit = body.limit === undefined ? 10_000 : Number(body.limit);
    const offset = body.offset === undefined ? 0 : Number(body.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > 250_000)
      return apiError(400, "INVALID_ARGUMENT", "limit must be positive and at most 250000.");
    const range = Array.isArray(body.dateRanges)
      ? (body.dateRanges[0] as Record<string, string>)
      : undefined;
    const from = range?.startDate?.replaceAll("-", "") ?? "00000000";
    const to = range?.endDate?.replaceAll("-", "") ?? "99999999";
    const grouped = new Map<string, { keys: string[]; values: number[] }>();
    for (const row of property.property.rows) {
      const date = String(row.date ?? "");
      if (date && (date < from || date > to)) continue;
      const keys = dimensions.map((d) => String(row[d] ?? "(not set)"));
      const id2 = JSON.stringify(keys);
      const entry = grouped.get(id2) ?? { keys, values: metrics.map(() => 0) };
      metrics.forEach((m, i) => {
        entry.values[i] = (entry.values[i] ?? 0) + Number(row[m] ?? 0);
      });
      grouped.set(id2, entry);
    }
    const all = [...grouped.values()].sort(
      (a, b) =>
        (b.values[0] ?? 0) - (a.values[0] ?? 0) || a.keys.join().localeCompare(b.keys.join()),
    );
    const page = all.slice(offset, offset + limit);
    return {
      status: 200,
      body: {
        dimensionHeaders: dimensions.map((name) => ({ name })),
        metricHeaders: metrics.map((name) => ({ name, type: "TYPE_INTEGER" })),
        ...(page.length > 0
          ? {
              rows: page.map((r) => ({
                dimensionValues: r.keys.map((value) => ({ value })),
                metricValues: r.values.map((value) => ({ value: String(value) })),
              })),
            }
          : {}),
        ...(all.length > 0 ? { rowCount: all.length } : {}),
        metadata: { currencyCode: "USD", timeZone: "Etc/UTC" },
        kind: "analyticsData#runReport",
      },
    };
  }

  private accessible(id: string, email: string) {
    const property = this.properties.get(id);
    if (property?.users.has(email)) return { ok: true as const, property };
    return {
      ok: false as const,
      reply: apiError(
        403,
        "PERMISSION_DENIED",
        "User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.",
      ),
    };
  }
}
