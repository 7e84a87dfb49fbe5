import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { ANALYTICS_SCOPES, FakeAnalyticsData } from "./fake-analytics-data.js";
import { FakeGoogleOAuth } from "./fake-google-oauth.js";
import { FakeSearchConsole, SEARCH_CONSOLE_SCOPES } from "./fake-search-console.js";
import {
  type GoogleReply,
  insufficientScopes,
  quotaExceeded,
  readBody,
  send,
  serviceDisabled,
  unauthenticated,
} from "./google-wire.js";

export type GoogleApi = "token" | "searchconsole" | "analyticsdata";

export interface RecordedGoogleRequest {
  api: GoogleApi;
  method: string;
  /** The path as received (percent-encoded). */
  path: string;
  authorized: boolean;
  body: string;
}

const apis = {
  searchconsole: {
    title: "Google Search Console API",
    service: "searchconsole.googleapis.com",
    legacyErrors: true,
    scopes: SEARCH_CONSOLE_SCOPES,
  },
  analyticsdata: {
    title: "Google Analytics Data API",
    service: "analyticsdata.googleapis.com",
    legacyErrors: false,
    scopes: ANALYTICS_SCOPES,
  },
} as const;

/**
 * Google at the network boundary, one local HTTP server speaking the wire formats the real
 * clients (`google-auth-library`, `@googleapis/searchconsole`, `@googleapis/analyticsdata`)
 * use: the OAuth 2.0 token endpoint at `/token`, Search Console at `/webmasters/v3/...`, the
 * GA4 Data API at `/v1beta/...`. Data is programmable (`searchConsole.addSite`,
 * `analytics.addProperty`, `oauth.addServiceAccount`), an API can be disabled per Cloud
 * project, and answers can be queued ahead (`failNext`, `rateLimitNext` for 429 with
 * Retry-After). Point the server at it with `env`.
 */
export class FakeGoogle {
  readonly oauth = new FakeGoogleOAuth();
  readonly searchConsole = new FakeSearchConsole();
  readonly analytics = new FakeAnalyticsData();
  readonly requests: RecordedGoogleRequest[] = [];
  /** `<api>:<project number>` of APIs switched off. */
  readonly disabled = new Set<string>();
  private readonly queued: Array<{ api: GoogleApi; reply: GoogleReply }> = [];
  private server: Server | undefined;
  url = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error) => {
        send(res, {
          status: 500,
          body: { error: { code: 500, message: String(error), status: "INTERNAL" } },
        });
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The server's environment pointing every Google client here. */
  get env(): Record<string, string> {
    return {
      GEO_GOOGLE_TOKEN_URL: `${this.url}/token`,
      GEO_GOOGLE_AUTH_URL: `${this.url}/o/oauth2/v2/auth`,
      GEO_GOOGLE_REVOKE_URL: `${this.url}/revoke`,
      GEO_GOOGLE_SEARCHCONSOLE_URL: `${this.url}/`,
      GEO_GOOGLE_ANALYTICSDATA_URL: `${this.url}/`,
    };
  }

  /** Turns an API off in a Cloud project (Google then answers SERVICE_DISABLED). */
  disableApi(api: "searchconsole" | "analyticsdata", projectNumber = "123456789012"): void {
    this.disabled.add(`${api}:${projectNumber}`);
  }

  /** The next `times` requests to `api` get this answer instead. */
  failNext(api: GoogleApi, reply: GoogleReply, times = 1): void {
    for (let i = 0; i < times; i++) this.queued.push({ api, reply });
  }

  /** The next `times` requests to `api` answer `429` with `Retry-After: seconds`. */
  rateLimitNext(api: "searchconsole" | "analyticsdata", retryAfterSeconds = 1, times = 1): void {
    this.failNext(api, quotaExceeded(retryAfterSeconds, apis[api].service), times);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) =>
      this.server ? this.server.close(() => resolve()) : resolve(),
    );
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://fake");
    const body = await readBody(req);
    const api: GoogleApi =
      url.pathname === "/token" ||
      url.pathname === "/revoke" ||
      url.pathname.startsWith("/o/oauth2/")
        ? "token"
        : url.pathname.startsWith("/webmasters/")
          ? "searchconsole"
          : "analyticsdata";
    this.requests.push({
      api,
      method: req.method ?? "",
      path: url.pathname,
      authorized: Boolean(req.headers.authorization),
      body,
    });
    const queued = this.queued.findIndex((q) => q.api === api);
    if (queued >= 0) {
      const [entry] = this.queued.splice(queued, 1);
      if (entry) return send(res, entry.reply);
    }
    if (url.pathname === "/o/oauth2/v2/auth") {
      const answer = this.oauth.authorize(url.searchParams);
      res.writeHead(answer.status, answer.location ? { Location: answer.location } : {});
      res.end(answer.body ?? "");
      return;
    }
    if (url.pathname === "/revoke") {
      const form = new URLSearchParams(body);
      return send(res, this.oauth.revoke(url.searchParams.get("token") ?? form.get("token") ?? ""));
    }
    if (api === "token") {
      if (req.method !== "POST")
        return send(res, { status: 405, body: { error: "invalid_request" } });
      return send(res, this.oauth.token(new URLSearchParams(body)));
    }
    const grant = this.oauth.bearer(req.headers.authorization);
    if (!grant) return send(res, unauthenticated());
    if (!grant.scopes.some((s) => (apis[api].scopes as readonly string[]).includes(s)))
      return send(res, insufficientScopes(apis[api].service));
    if (this.disabled.has(`${api}:${grant.projectNumber}`))
      return send(res, serviceDisabled(apis[api], grant.projectNumber));
    const json = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    send(res, this.route(api, req.method ?? "GET", url.pathname, grant.email, json));
  }

  private route(
    api: GoogleApi,
    method: string,
    path: string,
    email: string,
    body: Record<string, unknown>,
  ): GoogleReply {
    const notFound: GoogleReply = {
      status: 404,
      body: {
        error: { code: 404, message: "Requested entity was not found.", status: "NOT_FOUND" },
      },
    };
    if (api === "searchconsole") {
      const query = path.match(/^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/);
      if (query?.[1] && method === "POST")
        return this.searchConsole.query(decodeURIComponent(query[1]), email, body);
      const site = path.match(/^\/webmasters\/v3\/sites\/([^/]+)$/);
      if (site?.[1] && method === "GET")
        return this.searchConsole.getSite(decodeURIComponent(site[1]), email);
      return notFound;
    }
    const metadata = path.match(/^\/v1beta\/properties\/(\d+)\/metadata$/);
    if (metadata?.[1] && method === "GET") return this.analytics.metadata(metadata[1], email);
    const report = path.match(/^\/v1beta\/properties\/(\d+):runReport$/);
    if (report?.[1] && method === "POST") return this.analytics.runReport(report[1], email, body);
    return notFound;
  }
}
