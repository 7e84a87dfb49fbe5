import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BackfillFixture,
  backfillPath,
  failedWorkspace,
  startBackfillFixture,
} from "./backfill-inbox-fixture.js";

let f: BackfillFixture;
beforeAll(async () => {
  f = await startBackfillFixture();
});
afterAll(() => f.close());

describe("POST /workspaces/{ws}/email/backfill: 200", () => {
  it("provisions the inbox of a workspace whose provisioning failed, audited", async () => {
    const slug = await failedWorkspace(f, "backfilled");
    f.mail.requests.length = 0;
    const response = await f.t.request<any>("POST", backfillPath(slug), { cookie: f.cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      workspace: slug,
      status: "provisioned",
      email: `${slug}@inbox.geopulse.test`,
      inboxId: `${slug}@inbox.geopulse.test`,
      attempts: 1,
      message: expect.any(String),
    });
    expect(f.mail.requests.filter((r) => r.path === "/v0/inboxes")).toHaveLength(1);
    const read = await f.t.request<any>("GET", `/api/v1/workspaces/${slug}`, { cookie: f.cookie });
    expect(read.body.emailProvisioning.status).toBe("provisioned");
    const events = await f.t.server.ctx.prisma.auditEvent.findMany({
      where: { action: "workspace.inbox_backfill" },
    });
    expect(events).toHaveLength(1);
    expect(events[0]?.metadata).toEqual({ from: "failed", status: "provisioned", attempts: 1 });
  });

  it("is idempotent: a provisioned workspace answers its outcome with nothing done", async () => {
    const slug = await f.t.createWorkspace(f.cookie, { brand: "already" });
    f.mail.requests.length = 0;
    const before = await f.t.server.ctx.prisma.auditEvent.count({
      where: { action: "workspace.inbox_backfill" },
    });
    for (let i = 0; i < 7; i++) {
      const response = await f.t.request<any>("POST", backfillPath(slug), { cookie: f.cookie });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ workspace: slug, status: "provisioned", attempts: 1 });
    }
    expect(f.mail.requests).toHaveLength(0);
    expect(
      await f.t.server.ctx.prisma.auditEvent.count({
        where: { action: "workspace.inbox_backfill" },
      }),
    ).toBe(before);
  });

  it("answers a failure again as the new outcome when the provider still fails", async () => {
    const slug = await failedWorkspace(f, "still-failing");
    f.mail.inboxReplies.push({ status: 400, body: { message: "bad request" } });
    const response = await f.t.request<any>("POST", backfillPath(slug), { cookie: f.cookie });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: "failed", attempts: 1 });
  });
});
