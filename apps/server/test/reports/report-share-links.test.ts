import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { period, seedReports } from "./report-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  ({ cookie, slug, ids } = await seedReports(t, "shareco"));
}, 120_000);
afterAll(() => t.close());

const links = (reportId: string) => `/api/v1/workspaces/${slug}/reports/${reportId}/share-links`;
const mint = (reportId: string, expiresInHours = 24) =>
  t.request<any>("POST", links(reportId), { cookie, body: { expiresInHours } });
const open = (token: string, query = "", headers: Record<string, string> = {}) =>
  t.request<any>("GET", `/api/v1/shared-reports/${token}${query}`, { headers });

describe("report share links", () => {
  it("mints a link whose token is shown once and stored only as its SHA-256", async () => {
    const created = await mint(ids.visibility_summary as string);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      reportId: ids.visibility_summary,
      status: "active",
      revokedAt: null,
      token: expect.stringMatching(/^gpr_[A-Za-z0-9_-]{43}$/),
    });
    expect(created.body.url).toMatch(new RegExp(`/api/v1/shared-reports/${created.body.token}$`));
    expect(Date.parse(created.body.expiresAt) - Date.parse(created.body.createdAt)).toBe(
      24 * 3600_000,
    );
    const row = await t.server.ctx.prisma.reportShareLink.findUniqueOrThrow({
      where: { id: created.body.id },
    });
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.body.token.slice(4));
    const listed = await t.request<any>("GET", links(ids.visibility_summary as string), { cookie });
    expect(listed.status).toBe(200);
    expect(listed.body.data[0]).toEqual({
      id: created.body.id,
      reportId: ids.visibility_summary,
      status: "active",
      createdAt: created.body.createdAt,
      expiresAt: created.body.expiresAt,
      revokedAt: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.token);
    const audit = await t.server.ctx.prisma.auditEvent.findMany({
      where: { action: "report_share_link.create", targetId: created.body.id },
    });
    expect(audit).toHaveLength(1);
  });

  it("opens the report without an account, in JSON and CSV", async () => {
    const { token } = (await mint(ids.cited_sources as string)).body;
    const json = await open(token);
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ id: ids.cited_sources, type: "cited_sources", period });
    expect(json.headers.get("content-disposition")).toBe(
      `attachment; filename="${slug}-cited_sources-${period.from}_${period.to}.json"`,
    );
    const csv = await open(token, "?format=csv&section=urls");
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows = parse(csv.text) as string[][];
    expect(rows[0]).toEqual(["URL", "Domain", "Taxonomy", "Citing answers"]);
    const accepted = await open(token, "", { accept: "text/csv" });
    expect(accepted.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  });

  it("expires: 410 share_link_expired once the clock passes expiresAt", async () => {
    const { token, id } = (await mint(ids.prompt_detail as string, 1)).body;
    expect((await open(token)).status).toBe(200);
    t.clock.advance(3600_000);
    const expired = await open(token);
    expect(expired.status).toBe(410);
    expect(expired.body.error.code).toBe("share_link_expired");
    const listed = await t.request<any>("GET", links(ids.prompt_detail as string), { cookie });
    expect(listed.body.data.find((l: any) => l.id === id).status).toBe("expired");
  });

  it("is revoked: 410 share_link_revoked, idempotently, with an audit record", async () => {
    const { token, id } = (await mint(ids.competitor_comparison as string)).body;
    expect((await open(token)).status).toBe(200);
    const revoke = () =>
      t.request("DELETE", `${links(ids.competitor_comparison as string)}/${id}`, { cookie });
    expect((await revoke()).status).toBe(204);
    expect((await revoke()).status).toBe(204);
    const revoked = await open(token);
    expect(revoked.status).toBe(410);
    expect(revoked.body.error.code).toBe("share_link_revoked");
    const audit = await t.server.ctx.prisma.auditEvent.findMany({
      where: { action: "report_share_link.revoke", targetId: id },
    });
    expect(audit).toHaveLength(1);
  });

  it("an unknown token is 404 not_found, and guessing is rate-limited", async () => {
    const unknown = await open(`gpr_${"A".repeat(43)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");
    let last = unknown;
    for (let i = 0; i < 20; i++) last = await open(`gpr_guess${i}`);
    expect(last.status).toBe(429);
    expect(last.body.error.code).toBe("rate_limited");
    expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("bounds expiresInHours to 1..720", async () => {
    for (const hours of [0, 721]) {
      const response = await mint(ids.visibility_summary as string, hours);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe("invalid_request");
    }
  });
});
