import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AuthenticationError,
  createClient,
  InvalidRequestError,
  NotFoundError,
  PermissionError,
} from "../src/index.js";
import { type RealServer, startRealServer } from "./real-server.js";

/** The real server on an in-memory database: typed errors from real answers. */
let server: RealServer["server"];
let slug: string;
let secret: string;
beforeAll(async () => {
  ({ server, slug, secret } = await startRealServer("sdk", ["metrics:read", "workspace:read"]));
}, 60_000);
afterAll(() => server.close());

describe("against the real API", () => {
  it("reads data with a key", async () => {
    const gp = createClient({ baseUrl: server.url, apiKey: secret });
    expect((await gp.me()).apiKey?.workspace).toBe(slug);
    expect((await gp.metrics.get(slug)).scoreboard.brand).toBe("sdk");
    const slugs: string[] = [];
    for await (const ws of gp.workspaces.list()) slugs.push(ws.slug);
    expect(slugs).toEqual([slug]);
  });

  it("passes metrics filters and reads the time series", async () => {
    const gp = createClient({ baseUrl: server.url, apiKey: secret });
    const board = await gp.metrics.scoreboard(slug, { date: "2026-01-05", engine: "openai" });
    expect(board).toMatchObject({ brand: "sdk", date: "2026-01-05", composite: { n: 0 } });
    const view = await gp.metrics.get(slug, { date: "2026-01-05", includeBrandResearch: true });
    expect(view.scoreboard.date).toBe("2026-01-05");
    const series = await gp.metrics.timeseries(slug, { from: "2026-01-01", to: "2026-01-31" });
    expect(series).toEqual({ from: "2026-01-01", to: "2026-01-31", series: [] });
    const backwards = await gp.metrics
      .timeseries(slug, { from: "2026-02-01", to: "2026-01-01" })
      .catch((e: unknown) => e);
    expect(backwards).toBeInstanceOf(InvalidRequestError);
    expect(backwards).toMatchObject({
      details: { fields: [{ field: "query.to", rule: "range" }] },
    });
  });

  it("throws NotFoundError for a workspace the key may not see", async () => {
    const error = await createClient({ baseUrl: server.url, apiKey: secret })
      .metrics.get("someone-else")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({
      status: 404,
      code: "workspace_not_found",
      requestId: expect.stringMatching(/^req_/),
    });
  });

  it("throws PermissionError for a missing scope", async () => {
    const error = await createClient({ baseUrl: server.url, apiKey: secret })
      .credits.balance(slug)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect(error).toMatchObject({
      code: "insufficient_scope",
      details: { requiredScope: "credits:read" },
    });
  });

  it("throws AuthenticationError for a key nobody issued", async () => {
    const error = await createClient({ baseUrl: server.url, apiKey: `gp_live_${"B".repeat(43)}` })
      .me()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ code: "invalid_key" });
  });

  it("throws InvalidRequestError with field details", async () => {
    const error = await createClient({ baseUrl: server.url, apiKey: secret })
      .credits.usage(slug, { limit: 9999 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError); // scope is checked before input
    const raw = await fetch(`${server.url}/api/v1/auth/sessions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(raw.status).toBe(400);
    const viaSdk = await createClient({ baseUrl: server.url }).raw.POST("/api/v1/auth/sessions", {
      body: { email: "not-an-email" },
    });
    expect(viaSdk.response.status).toBe(400);
    const { errorFromResponse } = await import("../src/index.js");
    const typed = errorFromResponse(viaSdk.response, viaSdk.error);
    expect(typed).toBeInstanceOf(InvalidRequestError);
    expect(typed.details?.fields).toEqual([
      expect.objectContaining({ field: "body.email", rule: "format" }),
    ]);
  });
});
