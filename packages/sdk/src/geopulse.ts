import type { Me, QueryParams, RequestBody } from "@geopulse/api-types";
import { type ChatTurns, chatTurns } from "./chat-turn.js";
import {
  type ClientOptions,
  createRawClient,
  type RawClient,
  unwrap,
  unwrapWithResponse,
} from "./client.js";
import type { GeneratedNamespaces } from "./generated/namespaces.js";
import { bindNamespaces } from "./namespaces.js";
import type { Body, Result } from "./operation-types.js";

/**
 * The GEO Pulse API: resource methods that return data and throw typed errors.
 * Every operation an API key can call is a generated method (GeneratedNamespaces,
 * e.g. `gp.runs.list(workspace)`); the members below are hand-written shortcuts.
 */
/** A report read as a file (`reports.download`): its bytes and what the server called them. */
export interface ReportFile {
  /** The response's Content-Type, e.g. `text/csv; charset=utf-8`. */
  contentType: string;
  /** From Content-Disposition: `<workspace>-<type>-<from>_<to>.<ext>`. */
  filename: string | null;
  /** The body as sent (binary-safe: PDF bytes are untouched). */
  bytes: Uint8Array;
}

export interface GeoPulse extends GeneratedNamespaces {
  /** The typed openapi-fetch client, for any operation of the contract. */
  raw: RawClient;
  /** Who is calling: the API key (and its workspace and scopes) or the signed-in user. */
  me(): Promise<Me>;
  metrics: GeneratedNamespaces["metrics"] & {
    /** Same as `getScoreboard`. */
    scoreboard: GeneratedNamespaces["metrics"]["getScoreboard"];
    /** Same as `getTimeSeries`: daily point values per entity and engine over `from`..`to`. */
    timeseries: GeneratedNamespaces["metrics"]["getTimeSeries"];
  };
  credits: GeneratedNamespaces["credits"] & {
    /** Same as `getBalance`. */
    balance: GeneratedNamespaces["credits"]["getBalance"];
    /** Same as `getUsage`. */
    usage: GeneratedNamespaces["credits"]["getUsage"];
    /** The development top-up (needs a signed-in session, not an API key). */
    topUp(workspace: string, body: Body<"mockTopUp">): Promise<Result<"mockTopUp">>;
  };
  runs: GeneratedNamespaces["runs"] & {
    /** Same as `listResponses`. */
    responses: GeneratedNamespaces["runs"]["listResponses"];
  };
  prompts: GeneratedNamespaces["prompts"] & {
    /** `import` with a CSV file's text (header text,category,language,region,tags,active). */
    importCsv(workspace: string, csv: string): Promise<Result<"importPrompts">>;
  };
  reports: GeneratedNamespaces["reports"] & {
    /** Same as `reportCatalog.get`. */
    catalog: GeneratedNamespaces["reportCatalog"]["get"];
    /** A report in any format (json, csv, html, pdf) as bytes; `get` parses JSON only. */
    download(
      workspace: string,
      reportId: string,
      query?: QueryParams<"getReport">,
    ): Promise<ReportFile>;
  };
  sharedReports: GeneratedNamespaces["sharedReports"] & {
    /** A shared report (no API key needed) in any format, as bytes. */
    download(token: string, query?: QueryParams<"getSharedReport">): Promise<ReportFile>;
  };
  /**
   * Chat threads (generated: `createThread`, `listThreads`, `getThread`,
   * `renameThread`, `deleteThread`, `sendMessage`) and a turn sent with an
   * AbortSignal: `send` (one JSON `ChatTurn`) or `stream` (its events as they
   * happen, an async iterator).
   */
  chat: GeneratedNamespaces["chat"] & ChatTurns;
  deviceAuthorizations: GeneratedNamespaces["deviceAuthorizations"] & {
    /** One poll; throws GeoPulseError with code authorization_pending / slow_down / ... until approved. */
    exchange: GeneratedNamespaces["deviceAuthorizations"]["exchangeCode"];
  };
}

export function createClient(options: ClientOptions = {}): GeoPulse {
  const raw = createRawClient(options);
  const gp = bindNamespaces(raw);
  return {
    ...gp,
    raw,
    me: gp.auth.getMe,
    metrics: {
      ...gp.metrics,
      scoreboard: gp.metrics.getScoreboard,
      timeseries: gp.metrics.getTimeSeries,
    },
    credits: {
      ...gp.credits,
      balance: gp.credits.getBalance,
      usage: gp.credits.getUsage,
      // The idempotency middleware fills in a key when none is given.
      topUp: (workspace, body) =>
        unwrap(
          raw.POST("/api/v1/workspaces/{workspace}/credits/top-up", {
            params: { path: { workspace } },
            body: body as RequestBody<"mockTopUp">,
          }),
        ),
    },
    runs: { ...gp.runs, responses: gp.runs.listResponses },
    prompts: {
      ...gp.prompts,
      // The contract's text/csv body is the file as is.
      importCsv: (workspace, csv) =>
        unwrap(
          raw.POST("/api/v1/workspaces/{workspace}/prompts/import", {
            params: { path: { workspace } },
            body: csv as unknown as RequestBody<"importPrompts">,
            bodySerializer: (body: unknown) => body as string,
            headers: { "content-type": "text/csv" },
          }),
        ),
    },
    reports: {
      ...gp.reports,
      catalog: gp.reportCatalog.get,
      download: async (workspace, reportId, query) =>
        toReportFile(
          await unwrapWithResponse(
            raw.GET("/api/v1/workspaces/{workspace}/reports/{reportId}", {
              params: { path: { workspace, reportId }, ...(query ? { query } : {}) },
              parseAs: "arrayBuffer",
            }),
          ),
        ),
    },
    sharedReports: {
      ...gp.sharedReports,
      download: async (token, query) =>
        toReportFile(
          await unwrapWithResponse(
            raw.GET("/api/v1/shared-reports/{token}", {
              params: { path: { token }, ...(query ? { query } : {}) },
              parseAs: "arrayBuffer",
            }),
          ),
        ),
    },
    chat: { ...gp.chat, ...chatTurns(raw, options) },
    deviceAuthorizations: {
      ...gp.deviceAuthorizations,
      exchange: gp.deviceAuthorizations.exchangeCode,
    },
  };
}

/** The bytes of a report read with `parseAs: "arrayBuffer"`, with its headers. */
function toReportFile({ data, response }: { data: unknown; response: Response }): ReportFile {
  const disposition = response.headers.get("content-disposition") ?? "";
  return {
    contentType: response.headers.get("content-type") ?? "application/octet-stream",
    filename: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null,
    bytes: new Uint8Array(data as ArrayBuffer),
  };
}
