import type {
  CreditBalance,
  CreditUsage,
  DeviceAuthorizationStarted,
  DeviceToken,
  Me,
  QueryParams,
  RequestBody,
  ResponseBody,
  Run,
  RunPreset,
  RunResponse,
  Scoreboard,
  TeamMember,
  Workspace,
  WorkspaceMetrics,
  WorkspaceSummary,
} from "@geopulse/api-types";
import { type ClientOptions, createRawClient, type RawClient, unwrap } from "./client.js";
import { paginate } from "./paginate.js";

const at = (workspace: string) => ({ params: { path: { workspace } } });

/** The GEO Pulse API: resource methods that return data and throw typed errors. */
export interface GeoPulse {
  /** The typed openapi-fetch client, for any operation of the contract. */
  raw: RawClient;
  me(): Promise<Me>;
  workspaces: {
    list(options?: { limit?: number }): AsyncGenerator<WorkspaceSummary>;
    get(workspace: string): Promise<Workspace>;
  };
  metrics: {
    /** The metrics view of a day (default: the latest with data), optionally filtered. */
    get(workspace: string, query?: QueryParams<"getWorkspaceMetrics">): Promise<WorkspaceMetrics>;
    scoreboard(
      workspace: string,
      query?: QueryParams<"getWorkspaceScoreboard">,
    ): Promise<Scoreboard>;
    /** Daily point values per entity and engine over `from`..`to` (at most 366 days). */
    timeseries(
      workspace: string,
      query: QueryParams<"getMetricsTimeSeries">,
    ): Promise<ResponseBody<"getMetricsTimeSeries", 200>>;
  };
  credits: {
    balance(workspace: string): Promise<CreditBalance>;
    usage(workspace: string, options?: { limit?: number }): Promise<CreditUsage>;
    topUp(
      workspace: string,
      body: Omit<RequestBody<"mockTopUp">, "idempotencyKey"> & { idempotencyKey?: string },
    ): Promise<CreditBalance>;
  };
  runs: {
    list(workspace: string, options?: { limit?: number }): AsyncGenerator<Run>;
    /** Queues a run; the idempotency key is generated when not given and reused on retries. */
    start(workspace: string, body: { preset: RunPreset; idempotencyKey?: string }): Promise<Run>;
    get(workspace: string, runId: string): Promise<Run>;
    cancel(workspace: string, runId: string): Promise<Run>;
    responses(
      workspace: string,
      runId: string,
      options?: { limit?: number },
    ): AsyncGenerator<RunResponse>;
  };
  members: { list(workspace: string, options?: { limit?: number }): AsyncGenerator<TeamMember> };
  deviceAuthorizations: {
    start(body?: RequestBody<"startDeviceAuthorization">): Promise<DeviceAuthorizationStarted>;
    /** One poll; throws GeoPulseError with code authorization_pending / slow_down / ... until approved. */
    exchange(deviceCode: string): Promise<DeviceToken>;
  };
}

export function createClient(options: ClientOptions = {}): GeoPulse {
  const raw = createRawClient(options);
  return {
    raw,
    me: () => unwrap(raw.GET("/api/v1/me")),
    workspaces: {
      list: ({ limit } = {}) =>
        paginate((cursor) =>
          unwrap(raw.GET("/api/v1/workspaces", { params: { query: { limit, cursor } } })),
        ),
      get: (workspace) => unwrap(raw.GET("/api/v1/workspaces/{workspace}", at(workspace))),
    },
    metrics: {
      get: (workspace, query) =>
        unwrap(
          raw.GET("/api/v1/workspaces/{workspace}/metrics", {
            params: { path: { workspace }, query },
          }),
        ),
      scoreboard: (workspace, query) =>
        unwrap(
          raw.GET("/api/v1/workspaces/{workspace}/scoreboard", {
            params: { path: { workspace }, query },
          }),
        ),
      timeseries: (workspace, query) =>
        unwrap(
          raw.GET("/api/v1/workspaces/{workspace}/metrics/timeseries", {
            params: { path: { workspace }, query },
          }),
        ),
    },
    credits: {
      balance: (workspace) =>
        unwrap(raw.GET("/api/v1/workspaces/{workspace}/credits/balance", at(workspace))),
      usage: (workspace, { limit } = {}) =>
        unwrap(
          raw.GET("/api/v1/workspaces/{workspace}/credits/usage", {
            params: { path: { workspace }, query: { limit } },
          }),
        ),
      // The idempotency middleware fills in a key when none is given.
      topUp: (workspace, body) =>
        unwrap(
          raw.POST("/api/v1/workspaces/{workspace}/credits/top-up", {
            ...at(workspace),
            body: body as RequestBody<"mockTopUp">,
          }),
        ),
    },
    runs: {
      list: (workspace, { limit } = {}) =>
        paginate((cursor) =>
          unwrap(
            raw.GET("/api/v1/workspaces/{workspace}/runs", {
              params: { path: { workspace }, query: { limit, cursor } },
            }),
          ),
        ),
      start: (workspace, body) =>
        unwrap(raw.POST("/api/v1/workspaces/{workspace}/runs", { ...at(workspace), body })),
      get: (workspace, runId) =>
        unwrap(
          raw.GET("/api/v1/workspaces/{workspace}/runs/{runId}", {
            params: { path: { workspace, runId } },
          }),
        ),
      cancel: (workspace, runId) =>
        unwrap(
          raw.POST("/api/v1/workspaces/{workspace}/runs/{runId}/cancel", {
            params: { path: { workspace, runId } },
          }),
        ),
      responses: (workspace, runId, { limit } = {}) =>
        paginate((cursor) =>
          unwrap(
            raw.GET("/api/v1/workspaces/{workspace}/runs/{runId}/responses", {
              params: { path: { workspace, runId }, query: { limit, cursor } },
            }),
          ),
        ),
    },
    members: {
      list: (workspace, { limit } = {}) =>
        paginate((cursor) =>
          unwrap(
            raw.GET("/api/v1/workspaces/{workspace}/members", {
              params: { path: { workspace }, query: { limit, cursor } },
            }),
          ),
        ),
    },
    deviceAuthorizations: {
      start: (body) => unwrap(raw.POST("/api/v1/device-authorizations", { body: body ?? {} })),
      exchange: (deviceCode) =>
        unwrap(
          raw.POST("/api/v1/device-authorizations/{code}/token", {
            params: { path: { code: deviceCode } },
          }),
        ),
    },
  };
}
