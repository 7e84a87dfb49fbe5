import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ConnectionFixture,
  GA4_PROPERTY,
  GSC_PROPERTY,
  startConnectionFixture,
} from "./connection-fixture.js";

let f: ConnectionFixture;
beforeAll(async () => {
  f = await startConnectionFixture("conn-configure");
});
afterAll(() => f.close());

const audits = () =>
  f.t.server.ctx.prisma.auditEvent.findMany({
    where: { action: { startsWith: "connection." } },
    orderBy: { createdAt: "asc" },
  });

describe("listConnections and configureConnections: 200", () => {
  it("lists both providers unconfigured, with the workspace's properties", async () => {
    const response = await f.list();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      workspace: f.slug,
      data: [
        {
          provider: "search_console",
          status: "unconfigured",
          property: GSC_PROPERTY,
          credential: null,
          lastTestedAt: null,
          lastSyncedAt: null,
          lastErrorCode: null,
          lastError: null,
        },
        {
          provider: "analytics",
          status: "unconfigured",
          property: GA4_PROPERTY,
          credential: null,
          lastTestedAt: null,
          lastSyncedAt: null,
          lastErrorCode: null,
          lastError: null,
        },
      ],
    });
  });

  it("configures Search Console with a service-account key: configured, masked, audited", async () => {
    const response = await f.configure({
      search_console: { property: "sc-domain:shop.acme.com", credentialId: f.credentialId },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.data[0]).toEqual({
      provider: "search_console",
      status: "configured",
      property: "sc-domain:shop.acme.com",
      credential: {
        id: f.credentialId,
        kind: "service_account",
        label: `${f.account.clientEmail} (key …${f.account.privateKeyId.slice(-4)})`,
      },
      lastTestedAt: null,
      lastSyncedAt: null,
      lastErrorCode: null,
      lastError: null,
    });
    expect(response.body.data[1].status).toBe("unconfigured");
    const workspace = await f.t.request("GET", `/api/v1/workspaces/${f.slug}`, {
      cookie: f.cookie,
    });
    expect(workspace.body.gscProperty).toBe("sc-domain:shop.acme.com");
    expect(await audits()).toEqual([
      expect.objectContaining({
        action: "connection.configure",
        targetType: "connection",
        targetId: "search_console",
        requestId: response.headers.get("x-request-id"),
        metadata: {
          provider: "search_console",
          credentialId: f.credentialId,
          property: "sc-domain:shop.acme.com",
        },
      }),
    ]);
  });

  it("is idempotent: the same request changes nothing and records nothing", async () => {
    const before = await f.list();
    f.t.clock.advance(5_000);
    const again = await f.configure({
      search_console: { property: "sc-domain:shop.acme.com", credentialId: f.credentialId },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(before.body);
    expect(await audits()).toHaveLength(1);
  });

  it("configures GA4 keeping the workspace's property, and a key can configure", async () => {
    const key = await f.t.mintKey(f.cookie, f.slug, ["connections:write"]);
    const response = await f.configure(
      { analytics: { credentialId: f.credentialId } },
      { bearer: key.secret },
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body.data[1]).toMatchObject({ status: "configured", property: GA4_PROPERTY });
    const last = (await audits()).at(-1);
    expect(last).toMatchObject({ actorType: "api_key", targetId: "analytics" });
  });

  it("switching to another stored key clears the test outcome", async () => {
    f.google.searchConsole.addSite("sc-domain:shop.acme.com", [f.account.clientEmail]);
    expect((await f.test("search_console")).body.status).toBe("ok");
    const other = await f.storeCredential("second-account", f.account.keyFile);
    expect(other.status).toBe(201);
    const response = await f.configure({ search_console: { credentialId: other.body.id } });
    expect(response.body.data[0]).toMatchObject({
      status: "configured",
      credential: { id: other.body.id },
    });
  });
});
