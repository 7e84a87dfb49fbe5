import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateReport } from "../../src/services/reports/generate-report.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";

let t: TestServer;
let cookie: string;
let slug: string;
let otherSlug: string;
let foreignReport: string;
let ownReport: string;

const makeReport = async (workspaceSlug: string) => {
  const workspace = await t.server.ctx.prisma.workspace.findUniqueOrThrow({
    where: { slug: workspaceSlug },
  });
  const made = await generateReport({
    ctx: t.server.ctx,
    workspaceId: workspace.id,
    type: "page_evaluations_digest",
    period: { from: "2026-03-01", to: "2026-03-07" },
    trigger: "schedule",
  });
  return made?.reportId as string;
};

beforeAll(async () => {
  t = await startTestServer();
  cookie = await t.signIn("report-isolation@example.com");
  slug = await t.createWorkspace(cookie, { brand: "isoco" });
  // The same person's other workspace: its reports are not this workspace's.
  otherSlug = await t.createWorkspace(cookie, { brand: "isoco-other" });
  foreignReport = await makeReport(otherSlug);
  ownReport = await makeReport(slug);
});
afterAll(() => t.close());

const get = (path: string) =>
  t.request<any>("GET", `/api/v1/workspaces/${slug}${path}`, { cookie });

describe("reports are isolated per workspace", () => {
  it("another workspace's report is 404 not_found, in every format and for its share links", async () => {
    for (const path of [
      `/reports/${foreignReport}`,
      `/reports/${foreignReport}?format=csv`,
      `/reports/${foreignReport}/share-links`,
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.body.error.code).toBe("not_found");
    }
    const mint = await t.request<any>(
      "POST",
      `/api/v1/workspaces/${slug}/reports/${foreignReport}/share-links`,
      { cookie, body: { expiresInHours: 1 } },
    );
    expect(mint.status).toBe(404);
    const list = await get("/reports");
    expect(list.body.data.map((r: any) => r.id)).toEqual([ownReport]);
  });

  it("an unknown report, share link or CSV section is 404 not_found", async () => {
    const unknown = await get("/reports/rpt_01JD000000000000000000000A");
    expect(unknown.status).toBe(404);
    const section = await get(`/reports/${ownReport}?format=csv&section=nope`);
    expect(section.status).toBe(404);
    expect(section.body.error.code).toBe("not_found");
    const link = await t.request<any>(
      "DELETE",
      `/api/v1/workspaces/${slug}/reports/${ownReport}/share-links/rsl_01JD000000000000000000000A`,
      { cookie },
    );
    expect(link.status).toBe(404);
  });

  it("a workspace the caller is not a member of is 404 workspace_not_found", async () => {
    const outsider = await t.signIn("report-outsider@example.com");
    const response = await t.request<any>(
      "GET",
      `/api/v1/workspaces/${slug}/reports/${ownReport}`,
      {
        cookie: outsider,
      },
    );
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe("workspace_not_found");
  });
});
