import type { BlockedRange } from "./address-policy.js";

/** Why a fetch failed, in words a user understands (docs/page-evaluations.md). */
export type FetchFailureReason =
  | "unsupported_url"
  | "dns_failure"
  | "blocked_address"
  | "connection_failed"
  | "timeout"
  | "too_many_redirects"
  | "http_error"
  | "too_large"
  | "not_html";

export type ResponseHeaders = Record<string, string | string[] | undefined>;

export interface Redirect {
  from: string;
  to: string;
  status: number;
}

export interface FetchSuccess {
  ok: true;
  /** The URL asked for and the one the body came from (after redirects). */
  url: string;
  finalUrl: string;
  status: number;
  headers: ResponseHeaders;
  contentType: string | null;
  body: Buffer;
  /** Bytes of the decoded body. */
  bytes: number;
  redirects: Redirect[];
  /** The final host's first address; every address it has was checked before connecting. */
  address: string;
  fetchedAt: Date;
}

export interface FetchFailure {
  ok: false;
  reason: FetchFailureReason;
  message: string;
  url: string;
  /** Where the failure happened (the last hop of a redirect chain). */
  failedUrl: string;
  redirects: Redirect[];
  /** http_error (and not_html): the final status, its headers and the body size read. */
  status?: number;
  headers?: ResponseHeaders;
  bytes?: number;
  /**
   * blocked_address: the range refused. The address itself is never part of a failure: a name
   * may resolve to an internal address, which whoever typed the name must not learn.
   */
  range?: BlockedRange;
  /** connection_failed: the system's error code, for logs. */
  detail?: string;
  fetchedAt: Date;
}

export type FetchResult = FetchSuccess | FetchFailure;
