import { z } from "zod";
import type { ConnectorOptions } from "../connectors/connector-options.js";
import { callProvider, readAnswer } from "../connectors/provider-call.js";
import { ProviderHttpError, responseBody } from "../connectors/provider-http-error.js";

export const PROVIDER = "Bright Data";
/** Most bytes of one answer read: a collection of one record is a few hundred KB at most. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

const triggered = z.object({ snapshot_id: z.string().min(1).max(200) });
const progress = z.object({
  status: z.string(),
  error_message: z.string().nullish(),
});
const listed = z.array(
  z.object({
    id: z.string(),
    status: z.string(),
    created: z.string().nullish(),
    // Records collected.
    dataset_size: z.number().nullish(),
  }),
);
/** A record: only what the connector reads is checked (app-record.ts reads it). */
const records = z.array(z.record(z.string(), z.unknown()));

export type SnapshotRecord = z.infer<typeof records>[number];

/**
 * Bright Data's Web Scraper API (datasets v3) as its API reference documents it: trigger a
 * collection (`POST /datasets/v3/trigger`), watch it (`GET /progress/{id}`), download its records
 * (`GET /snapshot/{id}`, 202 while it builds) and list a dataset's collections (`GET /snapshots`),
 * every call with the account's Bearer key, bounded and mapped like every provider call.
 *
 * Not Bright Data's own `@brightdata/sdk` (0.2.0): it fixes its address to api.brightdata.com
 * (no proxy, no stand-in for tests), retries on its own, writes downloads to disk, and knows the
 * ChatGPT scraper only.
 */
export class BrightDataClient {
  constructor(
    private readonly options: ConnectorOptions,
    private readonly signal: AbortSignal | undefined,
  ) {}

  /** Starts a collection of `inputs`; answers the snapshot's id. */
  async trigger(datasetId: string, body: unknown): Promise<string> {
    const raw = await this.send("POST", "/datasets/v3/trigger", {
      query: { dataset_id: datasetId, include_errors: "true" },
      body,
    });
    return readAnswer(PROVIDER, triggered, raw.body).snapshot_id;
  }

  /** `starting`, `running`, `ready`, `failed` (with `error_message`) or `canceled`. */
  async progress(snapshotId: string): Promise<z.infer<typeof progress>> {
    const raw = await this.send("GET", `/datasets/v3/progress/${encodeURIComponent(snapshotId)}`);
    return readAnswer(PROVIDER, progress, raw.body);
  }

  /** The snapshot's records, or null while it is still building (202). */
  async download(snapshotId: string): Promise<SnapshotRecord[] | null> {
    const raw = await this.send("GET", `/datasets/v3/snapshot/${encodeURIComponent(snapshotId)}`, {
      query: { format: "json" },
    });
    if (raw.status === 202) return null;
    return readAnswer(PROVIDER, records, raw.body);
  }

  /** Stops a collection still running (Bright Data answers `OK`); a finished one is refused. */
  async cancel(snapshotId: string): Promise<void> {
    await this.send("POST", `/datasets/v3/snapshot/${encodeURIComponent(snapshotId)}/cancel`);
  }

  /**
   * The dataset's collections created from the day of `from` to the day after `to` (the docs
   * do not say whether the dates take a time, so whole days: callers filter on `created`), at
   * most `limit` from `skip`.
   */
  async list(
    datasetId: string,
    window: { from: Date; to: Date; skip: number; limit: number },
  ): Promise<z.infer<typeof listed>> {
    const day = (at: Date) => at.toISOString().slice(0, 10);
    const raw = await this.send("GET", "/datasets/v3/snapshots", {
      query: {
        dataset_id: datasetId,
        from_date: day(window.from),
        to_date: day(new Date(window.to.getTime() + 86_400_000)),
        skip: String(window.skip),
        limit: String(window.limit),
      },
    });
    return readAnswer(PROVIDER, listed, raw.body);
  }

  private send(
    method: "GET" | "POST",
    path: string,
    request: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<{ status: number; body: unknown }> {
    const { options } = this;
    const url = new URL(`${options.baseUrl}${path}`);
    for (const [name, value] of Object.entries(request.query ?? {}))
      url.searchParams.set(name, value);
    const send = options.fetch ?? fetch;
    return callProvider({
      provider: PROVIDER,
      options,
      signal: this.signal,
      call: async (signal) => {
        const response = await send(url, {
          method,
          headers: {
            authorization: `Bearer ${options.apiKey}`,
            ...(request.body === undefined ? {} : { "content-type": "application/json" }),
          },
          ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
          signal,
        });
        const body = await responseBody(response, MAX_ANSWER_BYTES);
        if (!response.ok) throw new ProviderHttpError(response.status, response.headers, body);
        return { status: response.status, body };
      },
    });
  }
}
