import { describe, expect, it } from "vitest";
import { generateReport } from "../../src/services/reports/generate-report.js";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
let slug: string;
let reportId: string;

test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("report-scopes@example.com");
  slug = await t.createWorkspace(cookie, { brand: "scopeco" });
  const workspace = await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
  const made = await generateReport({
    ctx: t.server.ctx,
    workspaceId: workspace.id,
    type: "recommendations_digest",
    period: { from: "2026-03-01", to: "2026-03-07" },
    trigger: "schedule",
  });
  reportId = made?.reportId as string;
});

const base = () => `/api/v1/workspaces/${slug}`;

describe("report routes refuse what the caller may not do", () => {
  it("a key without reports:read gets 403 insufficient_scope on every read", async () => {
    const key = await t.mintKey(cookie, slug, ["metrics:read", "recs:read"]);
    for (const path of [
      "/report-catalog",
      "/reports",
      `/reports/${reportId}`,
      `/reports/${reportId}?format=csv`,
      "/report-schedule",
    ]) {
      const response = await t.request<any>("GET", `${base()}${path}`, { bearer: key.secret });
      expect(response.status, path).toBe(403);
      expect(response.body.error).toMatchObject({
        code: "insufficient_scope",
        details: { requiredScope: "reports:read" },
      });
    }
  });

  it("a key with reports:read reads reports, in JSON and CSV", async () => {
    const key = await t.mintKey(cookie, slug, ["reports:read"]);
    const json = await t.request<any>("GET", `${base()}/reports/${reportId}`, {
      bearer: key.secret,
    });
    expect(json.status).toBe(200);
    const csv = await t.request<any>("GET", `${base()}/reports/${reportId}?format=csv`, {
      bearer: key.secret,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  });

  it("share links and the report schedule's changes are session only: 403 session_required", async () => {
    const key = await t.mintKey(cookie, slug, ["reports:read"]);
    const calls: Array<[string, string, unknown?]> = [
      ["POST", `/reports/${reportId}/share-links`, { expiresInHours: 1 }],
      ["GET", `/reports/${reportId}/share-links`],
      ["DELETE", `/reports/${reportId}/share-links/rsl_01JD000000000000000000000A`],
      ["PUT", "/report-schedule", { frequency: "weekly" }],
      ["DELETE", "/report-schedule"],
    ];
    for (const [method, path, body] of calls) {
      const response = await t.request<any>(method, `${base()}${path}`, {
        bearer: key.secret,
        ...(body ? { body } : {}),
      });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.error.code).toBe("session_required");
    }
  });
});
