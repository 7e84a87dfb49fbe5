import { describe, expect, it } from "vitest";
import type { Schemas } from "../../src/api";
import {
  connectionStatus,
  defaultRange,
  describeCorrelation,
  describeRefresh,
  oauthReturnMessage,
  refreshIsActive,
  trafficRows,
} from "../../src/seo-labels";

const connection = (over: Partial<Schemas["Connection"]>): Schemas["Connection"] => ({
  provider: "search_console",
  status: "unconfigured",
  property: null,
  credential: null,
  lastTestedAt: null,
  lastSyncedAt: null,
  lastErrorCode: null,
  lastError: null,
  ...over,
});

const correlation = (over: Partial<Schemas["SeoCorrelation"]>): Schemas["SeoCorrelation"] => ({
  workspace: "acme",
  from: "2026-10-27",
  to: "2026-11-23",
  basis: "modeled",
  note: "A correlation over days, not attribution.",
  n: 10,
  spearman: null,
  interval: null,
  reason: "fewer than 4 days",
  days: [],
  ...over,
});

describe("connection states in words", () => {
  it("says what to do next per status, and the error in words", () => {
    expect(connectionStatus(connection({}))).toMatch(/^Not connected: connect/);
    expect(connectionStatus(connection({ status: "configured" }))).toMatch(/test it/);
    expect(connectionStatus(connection({ status: "ok" }))).toBe("Connected and working.");
    expect(
      connectionStatus(connection({ status: "error", lastErrorCode: "property_not_accessible" })),
    ).toMatch(/no access to this property/);
    expect(connectionStatus(connection({ status: "error", lastError: "Google said no." }))).toBe(
      "Not working: Google said no.",
    );
  });

  it("reads the OAuth return flag", () => {
    expect(oauthReturnMessage(null)).toBeNull();
    expect(oauthReturnMessage("1")?.ok).toBe(true);
    expect(oauthReturnMessage("0")?.ok).toBe(false);
    expect(oauthReturnMessage("0", "oauth_access_denied")?.text).toBe(
      "Access was declined on Google's consent screen, so nothing was connected. Start again with “Connect with Google”.",
    );
    expect(oauthReturnMessage("0", "unheard_of")?.text).toBe(
      "Google did not connect. Start again with “Connect with Google”.",
    );
  });
});

describe("SEO reads", () => {
  it("defaults to the 28 UTC days ending yesterday", () => {
    expect(defaultRange(new Date("2026-11-24T12:00:00Z"))).toEqual({
      from: "2026-10-27",
      to: "2026-11-23",
    });
  });

  it("pivots sessions per engine to one row per day, 0 where an engine had none", () => {
    const rows = trafficRows([
      {
        engine: "chatgpt",
        sessions: 5,
        conversions: 0,
        daily: [
          { date: "2026-11-02", sessions: 3 },
          { date: "2026-11-01", sessions: 2 },
        ],
      },
      {
        engine: "perplexity",
        sessions: 1,
        conversions: 0,
        daily: [{ date: "2026-11-02", sessions: 1 }],
      },
    ]);
    expect(rows).toEqual([
      { date: "2026-11-01", chatgpt: 2, perplexity: 0 },
      { date: "2026-11-02", chatgpt: 3, perplexity: 1 },
    ]);
  });

  it("describes the correlation with its interval, or why there is none", () => {
    expect(describeCorrelation(correlation({}))).toMatch(
      /^No correlation yet: fewer than 4 days\.$/,
    );
    const text = describeCorrelation(
      correlation({
        spearman: 0.62,
        reason: null,
        interval: { level: 0.95, method: "fisher_z", lower: -0.1, upper: 0.9 },
      }),
    );
    expect(text).toMatch(/0\.62 \(strong, positive\) over 10 days/);
    expect(text).toMatch(/includes 0/);
    expect(text).toMatch(/not measured attribution/);
  });

  it("describes a refresh's progress and knows when it is still going", () => {
    const refresh: Schemas["SeoRefresh"] = {
      refreshId: "r1",
      workspace: "acme",
      status: "running",
      from: "2026-10-27",
      to: "2026-11-23",
      progress: [{ source: "search_console", pagesFetched: 2, rowsStored: 6, done: false }],
      skippedSources: [{ source: "analytics", reason: "no credential" }],
      rowsStored: 6,
      truncated: false,
      reservedMicrousd: 40_000,
      costMicrousd: 0,
      error: null,
      createdAt: "2026-11-24T12:00:00Z",
      startedAt: null,
      finishedAt: null,
    };
    expect(describeRefresh(refresh)).toBe(
      "Running. Google Search Console: 2 pages, 6 rows. Google Analytics 4 skipped: no credential",
    );
    expect(refreshIsActive(refresh)).toBe(true);
    expect(refreshIsActive({ ...refresh, status: "succeeded" })).toBe(false);
    expect(describeRefresh({ ...refresh, status: "failed", error: "boom" })).toMatch(
      /^Failed: boom/,
    );
  });
});
