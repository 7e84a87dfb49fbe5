import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableText } from "../credentials/credential-fixture.js";
import type { TestResponse } from "../harness/test-server.js";
import { type ConnectionFixture, startConnectionFixture } from "./connection-fixture.js";

let f: ConnectionFixture;
const responses: TestResponse<any>[] = [];
beforeAll(async () => {
  f = await startConnectionFixture("conn-no-leak");
});
afterAll(() => f.close());

/** Pieces of the private key that must never leave the server. */
const secretPieces = () => {
  const body = f.account.privateKeyPem
    .split("\n")
    .filter((line) => line && !line.startsWith("-----"));
  return [...body, "PRIVATE KEY"];
};

describe("the service-account private key never leaves the server", () => {
  it("not in any answer of every connection and credential route, success or failure", async () => {
    const record = async (response: Promise<TestResponse<any>>) => responses.push(await response);
    await record(
      f.t.request("GET", `/api/v1/workspaces/${f.slug}/credentials`, { cookie: f.cookie }),
    );
    await record(f.list());
    await record(
      f.configure({
        search_console: { credentialId: f.credentialId },
        analytics: { credentialId: f.credentialId },
      }),
    );
    await record(f.test("search_console"));
    await record(f.test("analytics"));
    f.google.disableApi("searchconsole");
    await record(f.test("search_console"));
    f.google.oauth.revokeServiceAccountKey(f.account.clientEmail);
    await record(f.test("analytics"));
    await record(f.list());
    await record(f.storeCredential("service-account", f.account.keyFile));
    await record(f.disconnect("analytics"));
    expect(responses.map((r) => r.status)).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 409, 200,
    ]);
    for (const response of responses)
      for (const piece of secretPieces()) expect(response.text).not.toContain(piece);
  });

  it("not in the logs, the audit records, nor the connections table", async () => {
    const logs = f.t.logs.join("");
    const audit = await tableText(f.t, "audit_events");
    const rows = await f.t.server.ctx.prisma.$queryRawUnsafe<Array<{ row: string }>>(
      "SELECT row_to_json(r)::text AS row FROM connections r",
    );
    const stored = await tableText(f.t, "stored_credentials");
    for (const piece of secretPieces()) {
      expect(logs).not.toContain(piece);
      expect(audit).not.toContain(piece);
      expect(rows.map((r) => r.row).join("\n")).not.toContain(piece);
      // Sealed at rest: not even the ciphertext column shows it.
      expect(stored).not.toContain(piece);
    }
  });
});
