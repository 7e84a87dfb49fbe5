import { analyticsdata } from "@googleapis/analyticsdata";
import { searchconsole } from "@googleapis/searchconsole";
import type { Clock } from "../../clock.js";
import { EngineError } from "../engine.js";
import { parseRetryAfter } from "../retry/retry-policy.js";
import type { GoogleEndpoints } from "./google-auth.js";
import { type GoogleCredential, googleCredentialAuth, keyOf } from "./google-credential-auth.js";
import { describeGoogleFailure } from "./google-failure.js";
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

export interface SeoPageReaderOptions {
  source: GoogleProvider;
  property: string;
  credential: GoogleCredential;
  endpoints: GoogleEndpoints;
  clock: Clock;
}

export interface SeoPageRequest {
  /** Inclusive UTC days, YYYY-MM-DD. */
  from: string;
  to: string;
  /** The first row of the page (Search Console `startRow`, GA4 `offset`) and its size. */
  startRow: number;
  pageRows: number;
}

/** Fetches one page of a source; see `seoPageReader`. */
export type SeoPageReader = (request: SeoPageRequest) => Promise<SeoPage>;

/**
 * A reader of one source's pages: Search Console search analytics (`searchAnalytics.query`,
 * dimensions date, query, page, `rowLimit`/`startRow`) or a GA4 report (`runReport`: sessions
 * and keyEvents by date, sessionSource and landingPage, `limit`/`offset`), through Google's
 * clients with their own retries off. The authenticated client is built once here and reused
 * for every page, so a refresh makes one token exchange per source (the library refreshes the
 * access token only when it expires). A failure is an EngineError for the one retry policy:
 * 429 and 5xx are retryable (429 with Google's Retry-After, read against the injected clock),
 * anything else is not, with the words of `describeGoogleFailure`.
 */
export function seoPageReader(options: SeoPageReaderOptions): SeoPageReader {
  const { source, property, credential, endpoints } = options;
  const auth = googleCredentialAuth({ credential, scopes: [GOOGLE_SCOPES[source]], endpoints });
  const call = { retry: false, timeout: endpoints.timeoutMs };
  const searchConsole =
    source === "search_console"
      ? searchconsole({ version: "v1", auth, rootUrl: endpoints.searchConsoleUrl })
      : undefined;
  const analytics =
    source === "analytics"
      ? analyticsdata({ version: "v1beta", auth, rootUrl: endpoints.analyticsDataUrl })
      : undefined;
  return async (request) => {
    try {
      if (searchConsole) return await searchConsolePage(searchConsole, property, request, call);
      if (analytics) return await analyticsPage(analytics, property, request, call);
      throw new Error(`unknown source ${source}`);
    } catch (error) {
      throw toEngineError(error, options);
    }
  };
}

type CallOptions = { retry: boolean; timeout: number };

async function searchConsolePage(
  client: ReturnType<typeof searchconsole>,
  property: string,
  page: SeoPageRequest,
  call: CallOptions,
): Promise<SeoPage> {
  const response = await client.searchanalytics.query(
    {
      siteUrl: property,
      requestBody: {
        startDate: page.from,
        endDate: page.to,
        dimensions: ["date", "query", "page"],
        rowLimit: page.pageRows,
        startRow: page.startRow,
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
  return { source: "search_console", rows };
}

async function analyticsPage(
  client: ReturnType<typeof analyticsdata>,
  property: string,
  page: SeoPageRequest,
  call: CallOptions,
): Promise<SeoPage> {
  const response = await client.properties.runReport(
    {
      property: `properties/${property}`,
      requestBody: {
        dateRanges: [{ startDate: page.from, endDate: page.to }],
        dimensions: [{ name: "date" }, { name: "sessionSource" }, { name: "landingPage" }],
        metrics: [{ name: "sessions" }, { name: "keyEvents" }],
        limit: String(page.pageRows),
        offset: String(page.startRow),
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
  return { source: "analytics", rows };
}

interface ErrorLike {
  status?: number;
  response?: { status?: number; headers?: unknown };
}

function toEngineError(error: unknown, options: SeoPageReaderOptions): EngineError {
  const e = (typeof error === "object" && error !== null ? error : {}) as ErrorLike;
  const status = e.response?.status ?? e.status;
  const failure = describeGoogleFailure({
    error,
    provider: options.source,
    property: options.property,
    key: keyOf(options.credential),
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
