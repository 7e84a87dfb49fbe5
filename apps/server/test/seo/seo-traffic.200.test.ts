import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeSeoRefresh } from "../../src/services/seo/execute-seo-refresh.js";
import { expectError } from "../connections/connection-fixture.js";
import { daysAgo, type SeoFixture, startSeoFixture } from "./seo-fixture.js";

let f: SeoFixture;
beforeAll(async () => {
  f = await startSeoFixture("seo-traffic");
});
afterAll(() => f.close());

const traffic = (query = "", caller: object = { cookie: f.cookie }) =>
  f.t.request<any>("GET", `/api/v1/workspaces/${f.slug}/seo/traffic${query}`, caller);

describe("getSeoTraffic: 200, 400 and 403", () => {
  it("is empty before any refresh", async () => {
    const response = await traffic();
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      workspace: f.slug,
      totalSessions: 0,
      aiSessions: 0,
      engines: [],
      topLandingPages: [],
    });
  });

  it("answers AI referral sessions per engine and day, and the top landing pages", async () => {
    const started = await f.refresh({});
    expect(started.status).toBe(202);
    await executeSeoRefresh({ ctx: f.t.server.ctx, refreshId: started.body.refreshId });
    const key = await f.t.mintKey(f.cookie, f.slug, ["metrics:read"]);
    const response = await traffic("", { bearer: key.secret });
    expect(response.status).toBe(200);
    const day = daysAgo(f.t, 3);
    // Sessions 20 - i per source i: chatgpt.com 20, chat.openai.com 19, perplexity 18,
    // gemini 17, claude 16, edgeservices.bing.com 15; google 14 and (direct) 13 are not AI.
    expect(response.body).toMatchObject({
      totalSessions: 132,
      aiSessions: 105,
      engines: [
        { engine: "chatgpt", sessions: 39, conversions: 1, daily: [{ date: day, sessions: 39 }] },
        {
          engine: "perplexity",
          sessions: 18,
          conversions: 2,
          daily: [{ date: day, sessions: 18 }],
        },
        { engine: "gemini", sessions: 17 },
        { engine: "claude", sessions: 16 },
        { engine: "copilot", sessions: 15 },
      ],
    });
    expect(response.body.topLandingPages[0]).toEqual({ landingPage: "/landing-0", sessions: 20 });
    expect(response.body.topLandingPages).toHaveLength(6);
  });

  it("refuses a range with from after to, and a key without metrics:read", async () => {
    const bad = await traffic("?from=2026-02-01&to=2026-01-01");
    expectError(bad, 400, "invalid_request");
    expect(bad.body.error.details.fields[0].field).toBe("query.from");
    const key = await f.t.mintKey(f.cookie, f.slug, ["runs:write"]);
    expectError(await traffic("", { bearer: key.secret }), 403, "insufficient_scope");
  });
});
