import type { Schemas } from "./api";
import { formatNumber, isoDay } from "./format";

export type Provider = Schemas["Connection"]["provider"];
type Connection = Schemas["Connection"];

export const providerNames: Record<Provider, string> = {
  search_console: "Google Search Console",
  analytics: "Google Analytics 4",
};

/** A connection's state in words, with what to do next. */
export function connectionStatus(c: Connection): string {
  switch (c.status) {
    case "unconfigured":
      return "Not connected: connect with Google or choose a service-account key.";
    case "configured":
      return "Connected, not tested yet: test it to check access.";
    case "ok":
      return "Connected and working.";
    case "error":
      return `Not working: ${c.lastError ?? errorCodeWords[c.lastErrorCode ?? "provider_error"]}`;
    case "needs_reconnect":
      return "Needs reconnecting: the person who connected Google left the workspace. Connect with Google again.";
  }
}

/** Google's failures as the test reports them, in words (when the server gives no sentence). */
export const errorCodeWords: Record<NonNullable<Connection["lastErrorCode"]>, string> = {
  credential_invalid: "Google refused the credential; connect again or replace the key.",
  property_not_accessible: "The account has no access to this property; add it as a user.",
  api_not_enabled: "The API is disabled in the key's Google Cloud project; enable it.",
  quota_exceeded: "Google's quota is used up; try again later.",
  provider_error: "Google could not be reached or answered an error.",
};

const oauthRefusals: Record<string, string> = {
  oauth_access_denied: "Access was declined on Google's consent screen, so nothing was connected.",
  oauth_exchange_failed: "Google did not complete the authorization.",
};

/**
 * The message the connections view shows on return from Google's consent (`?connected=`, and
 * `?reason=` with the error code when the server's callback refused).
 */
export function oauthReturnMessage(
  param: string | null,
  reason: string | null = null,
): { ok: boolean; text: string } | null {
  if (param === null) return null;
  if (param === "1")
    return { ok: true, text: "Connected to Google. Test each connection to check access." };
  const why =
    reason && Object.hasOwn(oauthRefusals, reason)
      ? oauthRefusals[reason]
      : "Google did not connect.";
  return { ok: false, text: `${why} Start again with “Connect with Google”.` };
}

/** The default range of the SEO reads: the 28 UTC days ending yesterday. */
export function defaultRange(today: Date): { from: string; to: string } {
  const day = 86_400_000;
  return {
    from: isoDay(new Date(today.getTime() - 28 * day)),
    to: isoDay(new Date(today.getTime() - day)),
  };
}

/** Traffic per engine pivoted to one row per day (0 where an engine had no sessions). */
export function trafficRows(
  engines: Schemas["SeoTraffic"]["engines"],
): Array<Record<string, string | number>> {
  const byDate = new Map<string, Record<string, string | number>>();
  for (const e of engines)
    for (const p of e.daily) {
      const row = byDate.get(p.date) ?? { date: p.date };
      row[e.engine] = p.sessions;
      byDate.set(p.date, row);
    }
  const rows = [...byDate.values()].sort((a, b) => String(a.date).localeCompare(String(b.date)));
  for (const row of rows) for (const e of engines) row[e.engine] ??= 0;
  return rows;
}

/** The modelled correlation in words, with its interval and what it is not. */
export function describeCorrelation(c: Schemas["SeoCorrelation"]): string {
  if (c.spearman === null)
    return `No correlation yet: ${(c.reason ?? "not enough days counted").replace(/\.$/, "")}.`;
  const rho = formatNumber(c.spearman, 2);
  const strength =
    Math.abs(c.spearman) >= 0.5 ? "strong" : Math.abs(c.spearman) >= 0.3 ? "moderate" : "weak";
  const sign = c.spearman >= 0 ? "positive" : "negative";
  const interval = c.interval
    ? `; 95% interval ${formatNumber(c.interval.lower, 2)} to ${formatNumber(c.interval.upper, 2)}${
        c.interval.lower <= 0 && c.interval.upper >= 0 ? ", which includes 0 (could be noise)" : ""
      }`
    : "";
  return `Spearman’s rank correlation ${rho} (${strength}, ${sign}) over ${formatNumber(c.n)} days${interval}. Modelled, not measured attribution.`;
}

const count = (n: number, noun: string) => `${formatNumber(n)} ${noun}${n === 1 ? "" : "s"}`;

/** A refresh's progress in words. */
export function describeRefresh(r: Schemas["SeoRefresh"]): string {
  const sources = r.progress
    .map(
      (p) =>
        `${providerNames[p.source]}: ${count(p.pagesFetched, "page")}, ${count(p.rowsStored, "row")}${p.done ? " (done)" : ""}`,
    )
    .join("; ");
  const skipped = r.skippedSources
    .map((s) => `${providerNames[s.source]} skipped: ${s.reason}`)
    .join("; ");
  const state = {
    queued: "Queued",
    running: "Running",
    succeeded: "Done",
    failed: `Failed: ${r.error ?? "unknown error"}`,
  }[r.status];
  return [state, sources, skipped].filter(Boolean).join(". ");
}

export const refreshIsActive = (r: Schemas["SeoRefresh"] | undefined) =>
  r?.status === "queued" || r?.status === "running";
