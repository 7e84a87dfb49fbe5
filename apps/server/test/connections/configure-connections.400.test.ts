import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ConnectionFixture,
  expectError,
  startConnectionFixture,
} from "./connection-fixture.js";

let f: ConnectionFixture;
let secretId: string;
let foreignId: string;
beforeAll(async () => {
  f = await startConnectionFixture("conn-configure-400");
  secretId = (await f.storeCredential("plain", "sk-not-a-google-key-123456", "secret")).body.id;
  const other = await f.t.signIn("other@conn-configure-400.example.com");
  const otherSlug = await f.t.createWorkspace(other, { brand: "conn-c400-other" });
  const foreign = await f.t.request("POST", `/api/v1/workspaces/${otherSlug}/credentials`, {
    cookie: other,
    body: {
      connector: "google",
      key: "sa",
      value: f.account.keyFile,
      kind: "google_service_account",
    },
  });
  foreignId = foreign.body.id;
});
afterAll(() => f.close());

const unknownId = "cred_01JD0000000000000000000000";

describe("configureConnections: 400 names the field, and nothing is written", () => {
  it.each([
    ["an empty body", {}, "body"],
    ["an unknown provider", { gsc: { credentialId: unknownId } }, "body.gsc"],
    ["an empty provider entry", { analytics: {} }, "body.analytics"],
    [
      "a URL-prefix property",
      { search_console: { property: "https://acme.com/", credentialId: unknownId } },
      "body.search_console.property",
    ],
    [
      "a GA4 property that is not digits",
      { analytics: { property: "G-ABC123", credentialId: unknownId } },
      "body.analytics.property",
    ],
    [
      "a malformed credential id",
      { analytics: { credentialId: "google/sa" } },
      "body.analytics.credentialId",
    ],
  ])("%s", async (_name, body, field) => {
    const response = await f.configure(body);
    expectError(response, 400, "invalid_request");
    const fields = response.body.error.details.fields.map((e: any) => e.field);
    expect(fields.some((name: string) => name === field || name.startsWith(`${field}`))).toBe(true);
  });

  it.each([
    [
      "a credential that does not exist",
      () => ({ search_console: { credentialId: unknownId } }),
      "body.search_console.credentialId",
      "exists",
    ],
    [
      "another workspace's credential",
      () => ({ analytics: { credentialId: foreignId } }),
      "body.analytics.credentialId",
      "exists",
    ],
    [
      "a credential that is not a service-account key",
      () => ({ search_console: { credentialId: secretId } }),
      "body.search_console.credentialId",
      "kind",
    ],
    [
      "a property without any credential yet",
      () => ({ analytics: { property: "555555555" } }),
      "body.analytics.credentialId",
      "required",
    ],
  ])("%s", async (_name, body, field, rule) => {
    const response = await f.configure(body());
    expectError(response, 400, "invalid_request");
    expect(response.body.error.details.fields).toEqual([expect.objectContaining({ field, rule })]);
  });

  it("a bad second provider leaves the valid first one unwritten", async () => {
    const response = await f.configure({
      search_console: { property: "sc-domain:changed.acme.com", credentialId: f.credentialId },
      analytics: { credentialId: secretId },
    });
    expectError(response, 400, "invalid_request");
    const prisma = f.t.server.ctx.prisma;
    expect(await prisma.connection.count()).toBe(0);
    const workspace = await f.t.request("GET", `/api/v1/workspaces/${f.slug}`, {
      cookie: f.cookie,
    });
    expect(workspace.body.gscProperty).toBe("sc-domain:acme.com");
    expect(
      await prisma.auditEvent.count({ where: { action: { startsWith: "connection." } } }),
    ).toBe(0);
  });
});

describe("setWorkspaceCredential kind google_service_account: 400 names the value, never echoes it", () => {
  it.each([
    ["text that is not JSON", "-----BEGIN PRIVATE KEY-----abc", "is not JSON"],
    ["a JSON array", "[1,2]", "is not a JSON object"],
    [
      "an OAuth client file",
      JSON.stringify({ installed: { client_id: "x" } }),
      "is not a service-account key",
    ],
    [
      "a key without client_email",
      JSON.stringify({
        type: "service_account",
        private_key: "-----BEGIN PRIVATE KEY-----\nQUJD\n-----END PRIVATE KEY-----\n",
      }),
      'has no "client_email"',
    ],
    [
      "a key without private_key",
      JSON.stringify({ type: "service_account", client_email: "a@b.iam.gserviceaccount.com" }),
      'has no PEM "private_key"',
    ],
    [
      "a private_key that is not a key",
      JSON.stringify({
        type: "service_account",
        client_email: "a@b.iam.gserviceaccount.com",
        private_key: "-----BEGIN PRIVATE KEY-----\nQUJDREVG\n-----END PRIVATE KEY-----\n",
      }),
      "not a readable private key",
    ],
  ])("%s", async (_name, value, problem) => {
    const response = await f.storeCredential(
      `bad-${Math.random().toString(36).slice(2, 8)}`,
      value,
    );
    expectError(response, 400, "invalid_request");
    expect(response.body.error.details.fields).toEqual([
      expect.objectContaining({ field: "body.value", rule: "service_account_key" }),
    ]);
    expect(response.body.error.message).toContain(problem);
    expect(response.text).not.toContain("QUJDREVG");
  });

  it("an unknown kind is refused by the contract", async () => {
    const response = await f.storeCredential("odd", f.account.keyFile, "pgp_key");
    expectError(response, 400, "invalid_request");
    expect(response.body.error.details.fields).toContainEqual(
      expect.objectContaining({ field: "body.kind" }),
    );
    expect(response.text).not.toContain("PRIVATE KEY");
  });
});
