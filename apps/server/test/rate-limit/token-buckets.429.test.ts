import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerMcpMessage } from "../../src/services/assistant-tools/mcp/answer-mcp-message.js";
import { generateReport } from "../../src/services/reports/generate-report.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { postMcp } from "../mcp/mcp-client.js";

// Token buckets in PostgreSQL (one atomic statement a take, the app's clock) on
// the expensive reads: requests with unknown keys per address (20, one more
// every 30 s), MCP search_answers per key (30, one every 2 s) and per address,
// shared-report PDFs per address (5, one every 12 s) and per link.
let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_TRUSTED_PROXIES: "loopback" } });
  cookie = await t.signIn("buckets@example.com");
  slug = await t.createWorkspace(cookie, { brand: "buckets" });
});
afterAll(() => t.close());

const from = (address: string) => ({ "x-forwarded-for": address });
const unknownKey = (i: number) => `gp_live_${i.toString().padStart(43, "Q")}`;
const getMe = (bearer: string, address: string) =>
  t.request<any>("GET", "/api/v1/me", { bearer, headers: from(address) });

describe("well-formed unknown keys", () => {
  it("answer 401 up to 20 per address, then 429; a real key never needs a token", async () => {
    const real = await t.mintKey(cookie, slug, ["workspace:read"]);
    for (let i = 0; i < 20; i++) {
      const response = await getMe(unknownKey(i), "192.0.2.10");
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe("invalid_key");
    }
    const limited = await getMe(unknownKey(20), "192.0.2.10");
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(limited.headers.get("retry-after")).toBe("30");
    // A neighbour guessing keys locks nobody out: valid keys, uncached, still authenticate.
    expect((await getMe(real.secret, "192.0.2.10")).status).toBe(200);
    const fresh = await t.mintKey(cookie, slug, ["workspace:read"]);
    expect((await getMe(fresh.secret, "192.0.2.10")).status).toBe(200);
    expect((await getMe(unknownKey(24), "192.0.2.10")).status).toBe(429);
    // Another address has its own bucket.
    expect((await getMe(unknownKey(21), "192.0.2.11")).status).toBe(401);
    // One token back after 30 s, which one unknown key spends.
    t.clock.advance(30_000);
    expect((await getMe(unknownKey(22), "192.0.2.10")).status).toBe(401);
    expect((await getMe(unknownKey(23), "192.0.2.10")).status).toBe(429);
  });

  it.runIf(process.env.DATABASE_URL)("share one bucket across processes", async () => {
    const other = await startTestServer({
      shareDatabaseWith: t,
      env: { GEO_TRUSTED_PROXIES: "loopback" },
    });
    try {
      other.clock.set(t.clock.now());
      for (let i = 0; i < 10; i++) {
        expect((await getMe(unknownKey(100 + i), "192.0.2.12")).status).toBe(401);
        const there = await other.request<any>("GET", "/api/v1/me", {
          bearer: unknownKey(200 + i),
          headers: from("192.0.2.12"),
        });
        expect(there.status).toBe(401);
      }
      const limited = await other.request<any>("GET", "/api/v1/me", {
        bearer: unknownKey(300),
        headers: from("192.0.2.12"),
      });
      expect(limited.status).toBe(429);
    } finally {
      await other.close();
    }
  });
});

describe("MCP search_answers", () => {
  const search = (secret: string, address: string, name = "search_answers") =>
    postMcp(t, {
      bearer: secret,
      headers: from(address),
      body: {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name, arguments: { limit: 1 } },
      },
    });

  it("is limited per key: 30 calls, then 429 with Retry-After; other tools still answer", async () => {
    const { secret } = await t.mintKey(cookie, slug, ["runs:read"]);
    for (let i = 0; i < 30; i++) {
      const response = await search(secret, "198.51.100.20");
      expect(response.status, response.text).toBe(200);
      expect(response.body.result.isError).toBeFalsy();
    }
    const limited = await search(secret, "198.51.100.21");
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(limited.headers.get("retry-after")).toBe("2");
    expect((await search(secret, "198.51.100.20", "list_runs")).status).toBe(200);
    t.clock.advance(2_000);
    expect((await search(secret, "198.51.100.20")).status).toBe(200);
  });

  it("counts a refused batch nowhere: its calls' tokens are all given back", async () => {
    const { keyId, secret } = await t.mintKey(cookie, slug, ["runs:read"]);
    const workspace = await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
    const call = (id: number) => ({
      jsonrpc: "2.0",
      id,
      method: "tools/call",
      params: { name: "search_answers", arguments: { limit: 1 } },
    });
    // The contract takes one message per request (a batch answers 400 at the edge), so the
    // service is asked directly: 31 calls in one message are refused and take nothing.
    const refused = answerMcpMessage({
      ctx: t.server.ctx,
      requestId: "req_batch",
      principal: {
        kind: "api_key",
        keyId,
        workspaceId: workspace.id,
        workspaceSlug: slug,
        scopes: ["runs:read"],
        prefix: secret.slice(0, 12),
        last4: secret.slice(-4),
        role: "owner",
      },
      message: Array.from({ length: 31 }, (_, i) => call(i + 1)),
      accept: "application/json, text/event-stream",
      contentType: "application/json",
      protocolVersion: undefined,
      clientAddress: "198.51.100.40",
    });
    await expect(refused).rejects.toMatchObject({ status: 429 });
    for (let i = 0; i < 30; i++) {
      const response = await search(secret, "198.51.100.40");
      expect(response.status, response.text).toBe(200);
    }
    expect((await search(secret, "198.51.100.40")).status).toBe(429);
  });
});

describe("shared-report PDFs", () => {
  it("are limited per address: 5, then 429; JSON still answers; one more 12 s later", async () => {
    const workspace = await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
    const made = await generateReport({
      ctx: t.server.ctx,
      workspaceId: workspace.id,
      type: "visibility_summary",
      period: { from: "2026-01-01", to: "2026-01-07" },
      trigger: "run",
    });
    const minted = await t.request<any>(
      "POST",
      `/api/v1/workspaces/${slug}/reports/${made?.reportId}/share-links`,
      { cookie, body: { expiresInHours: 24 } },
    );
    expect(minted.status, minted.text).toBe(201);
    const open = (format: string, address: string) =>
      t.request("GET", `/api/v1/shared-reports/${minted.body.token}?format=${format}`, {
        headers: from(address),
      });
    for (let i = 0; i < 5; i++) expect((await open("pdf", "203.0.113.30")).status).toBe(200);
    const limited = await open("pdf", "203.0.113.30");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("12");
    expect((await open("json", "203.0.113.30")).status).toBe(200);
    // The link's own bucket (10) is shared by every address.
    for (let i = 0; i < 5; i++) expect((await open("pdf", "203.0.113.31")).status).toBe(200);
    expect((await open("pdf", "203.0.113.32")).status).toBe(429);
    t.clock.advance(12_000);
    expect((await open("pdf", "203.0.113.30")).status).toBe(200);
  });
});
