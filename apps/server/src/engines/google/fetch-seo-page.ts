import { analyticsdata } from "@googleapis/analyticsdata";
import { searchconsole } from "@googleapis/searchconsole";
import type { Clock } from "../../clock.js";
import { EngineError } from "../engine.js";
import { parseRetryAfter } from "../retry/retry-policy.js";
import { type GoogleEndpoints, serviceAccountAuth } from "./google-auth.js";
import { describeGoogleFailure } from "./google-failure.js";
import type { GoogleServiceAccountKey } from "./google-service-account-key.js";
import { GOOGLE_SCOPES, type GoogleProvider } from "./probe-google-property.js";

/** One Search Console row: day, query, page and its figures. */
export interface SearchRow {
  date: string;
  query: string;
  page: string;
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

/** One GA4 row: day (YYYY-MM-DD), session source, landing page, sessions and key events. */
export interface TrafficRow {
  date: string;
  sessionSource: string;
  landingPage: string;
  sessions: number;
  conversions: number;
}

export type SeoPage =
  | { source: "search_console"; rows: SearchRow[] }
  | { source: "analytics"; rows: TrafficRow[] };

export interface FetchSeoPageOptions {
  source: GoogleProvider;
  property: string;
  key: GoogleServiceAccountKey;
  endpoints: GoogleEndpoints;
  clock: Clock;
  /** Inclusive UTC days, YYYY-MM-DD. */
  from: string;
  to: string;
  /** The first row of the page (Search Console `startRow`, GA4 `offset`) and its size. */
  startRow: number;
  pageRows: number;
}

/**
 * One page of Search Console search analytics (`searchAnalytics.query`, dimensions date, query,
 * page, `rowLimit`/`startRow`) or of a GA4 report (`runReport`: sessions and keyEvents by date,
 * sessionSource and landingPage, `limit`/`offset`), through Google's clients with their own
 * retries off. A failure is an EngineError for the one retry policy: 429 and 5xx are retryable
 * (429 with Google's Retry-After, read against the injected clock), anything else is not, with
 * the words of `describeGoogleFailure`.
 */
export async function fetchSeoPage(options: FetchSeoPageOptions): Promise<SeoPage> {
  const { source, property, key, endpoints } = options;
  const auth = serviceAccountAuth({ key, scopes: [GOOGLE_SCOPES[source]], endpoints });
  const call = { retry: false, timeout: endpoints.timeoutMs };
  try {
    if (source === "search_console") {
      const client = searchconsole({ version: "v1", auth, rootUrl: endpoints.searchConsoleUrl });
      const response = await client.searchanalytics.query(
        {
          siteUrl: property,
          requestBody: {
            startDate: options.from,
            endDate: options.to,
            dimensions: ["date", "query", "page"],
            rowLimit: options.pageRows,
            startRow: options.startRow,
            dataState: "final",
          },
        },
        call,
      );
      const rows = (response.data.rows ?? []).map((row) => ({
        date: String(row.keys?.[0] ?? ""),
        query: String(row.keys?.[1] ?? ""),
        page: String(row.keys?.[2] ?? ""),
        clicks: Math.round(row.clicks ?? 0),
        impressions: Math.round(row.impressions ?? 0),
        ctr: row.ctr ?? 0,
        position: row.position ?? 0,
      }));
      return { source, rows };
    }
    const client = analyticsdata({ version: "v1beta", auth, rootUrl: endpoints.analyticsDataUrl });
    const response = await client.properties.runReport(
      {
        property: `properties/${property}`,
        requestBody: {
          dateRanges: [{ startDate: options.from, endDate: options.to }],
          dimensions: [{ name: "date" }, { name: "sessionSource" }, { name: "landingPage" }],
          metrics: [{ name: "sessions" }, { name: "keyEvents" }],
          limit: String(options.pageRows),
          offset: String(options.startRow),
          orderBys: [
            { dimension: { dimensionName: "date" } },
            { dimension: { dimensionName: "sessionSource" } },
            { dimension: { dimensionName: "landingPage" } },
          ],
        },
      },
      call,
    );
    const rows = (response.data.rows ?? []).map((row) => {
      const d = row.dimensionValues ?? [];
      const m = row.metricValues ?? [];
      const day = String(d[0]?.value ?? "");
      return {
        date: /^\d{8}$/.test(day) ? `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6)}` : day,
        sessionSource: String(d[1]?.value ?? "(not set)"),
        landingPage: String(d[2]?.value ?? "(not set)"),
        sessions: Math.round(Number(m[0]?.value ?? 0)) || 0,
        conversions: Math.round(Number(m[1]?.value ?? 0)) || 0,
      };
    });
    return { source, rows };
  } catch (error) {
    throw toEngineError(error, options);
  }
}

interface ErrorLike {
  status?: number;
  response?: { status?: number; headers?: unknown };
}

function toEngineError(error: unknown, options: FetchSeoPageOptions): EngineError {
  const e = (typeof error === "object" && error !== null ? error : {}) as ErrorLike;
  const status = e.response?.status ?? e.status;
  const failure = describeGoogleFailure({
    error,
    provider: options.source,
    property: options.property,
    key: options.key,
  });
  if (status === 429) {
    const retryAfter = parseRetryAfter(
      headerOf(e.response?.headers, "retry-after"),
      options.clock.now(),
    );
    return new EngineError(failure.message, true, retryAfter, true);
  }
  const retryable = status === undefined || status >= 500;
  return new EngineError(failure.message, retryable);
}

function headerOf(headers: unknown, name: string): string | undefined {
  if (!headers || typeof headers !== "object") return undefined;
  const get = (headers as { get?: unknown }).get;
  if (typeof get === "function") return (get.call(headers, name) as string | null) ?? undefined;
  const value = (headers as Record<string, unknown>)[name];
  return typeof value === "string" ? value : undefined;
}
