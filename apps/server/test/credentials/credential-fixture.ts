import { startTestServer, type TestResponse, type TestServer } from "../harness/test-server.js";

/** A test server with a signed-in owner and one workspace. */
export interface CredentialFixture {
  t: TestServer;
  cookie: string;
  slug: string;
  base: string;
  /** POST .../credentials as the owner. */
  set(body: Record<string, unknown>): Promise<TestResponse<any>>;
  /** POST .../credentials/{connector}/{key}/reveal as the owner. */
  reveal(connector: string, key: string): Promise<TestResponse<any>>;
}

export async function startCredentialFixture(brand = "creds"): Promise<CredentialFixture> {
  const t = await startTestServer();
  const cookie = await t.signIn(`owner@${brand}.example.com`);
  const slug = await t.createWorkspace(cookie, { brand });
  const base = `/api/v1/workspaces/${slug}/credentials`;
  return {
    t,
    cookie,
    slug,
    base,
    set: (body) => t.request("POST", base, { cookie, body }),
    reveal: (connector, key) => t.request("POST", `${base}/${connector}/${key}/reveal`, { cookie }),
  };
}

/** Every column of every row of a table, as text, to search for a secret. */
export async function tableText(t: TestServer, table: "stored_credentials" | "audit_events") {
  const rows = await t.server.ctx.prisma.$queryRawUnsafe<Array<{ row: string }>>(
    `SELECT row_to_json(r)::text AS row FROM ${table} r`,
  );
  return rows.map((r) => r.row).join("\n");
}
