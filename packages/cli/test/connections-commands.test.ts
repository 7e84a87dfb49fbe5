import { generateKeyPairSync } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../src/index.js";
import { memoryIo, removeTempDirs, startTestApi, type TestApi, tempDir } from "./helpers.js";

/**
 * `geopulse connections …` in-process against the real server. Google is a small local
 * stand-in (the server's own tests hold the full wire-format fakes): a token endpoint that
 * issues a token, and the two look-ups `test` makes, refusing the GA4 property.
 */
let api: TestApi;
let google: Server;
let env: Record<string, string>;
let readOnlyEnv: Record<string, string>;
let credentialId: string;
const privateKey = generateKeyPairSync("rsa", { modulusLength: 2048 })
  .privateKey.export({ type: "pkcs8", format: "pem" })
  .toString();
const keyFile = JSON.stringify({
  type: "service_account",
  project_id: "cli-project",
  private_key_id: "abcdef0123456789abcdef0123456789abcd1234",
  private_key: privateKey,
  client_email: "cli@cli-project.iam.gserviceaccount.com",
});

function startGoogle(): Promise<string> {
  google = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json; charset=UTF-8" });
        res.end(JSON.stringify(body));
      };
      if (req.url === "/token")
        return send(200, { access_token: "ya29.cli", expires_in: 3599, token_type: "Bearer" });
      if (req.url?.startsWith("/webmasters/v3/sites/"))
        return send(200, { siteUrl: "sc-domain:cliconn.dev", permissionLevel: "siteFullUser" });
      send(403, {
        error: {
          code: 403,
          message: "User does not have sufficient permissions for this property.",
          status: "PERMISSION_DENIED",
        },
      });
    });
  });
  return new Promise((resolve) =>
    google.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(google.address() as AddressInfo).port}`),
    ),
  );
}

beforeAll(async () => {
  const url = await startGoogle();
  api = await startTestApi("cliconn", {
    GEO_GOOGLE_TOKEN_URL: `${url}/token`,
    GEO_GOOGLE_SEARCHCONSOLE_URL: `${url}/`,
    GEO_GOOGLE_ANALYTICSDATA_URL: `${url}/`,
  });
  const stored = await api.post(`/api/v1/workspaces/${api.slug}/credentials`, {
    connector: "google",
    key: "service-account",
    value: keyFile,
    kind: "google_service_account",
  });
  credentialId = stored.body.id;
  const key = await api.createKey([
    "workspace:read",
    "connections:read",
    "connections:write",
    "connections:test",
  ]);
  const readOnly = await api.createKey(["workspace:read", "connections:read"]);
  const dir = await tempDir();
  env = { GEOPULSE_CONFIG_DIR: dir, GEOPULSE_BASE_URL: api.url, GEOPULSE_API_KEY: key };
  readOnlyEnv = { ...env, GEOPULSE_API_KEY: readOnly };
}, 60_000);
afterAll(async () => {
  await api?.server.close();
  await new Promise((resolve) => google?.close(resolve));
  await removeTempDirs();
});

async function cli(args: string[], withEnv = env) {
  const io = memoryIo(withEnv);
  const code = await run(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

describe("geopulse connections", () => {
  it("list: a table of both providers, and --json", async () => {
    const table = await cli(["connections", "list"]);
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^PROVIDER\s+STATUS\s+PROPERTY\s+CREDENTIAL\s+LAST TESTED\s+ERROR$/);
    expect(lines[1]).toMatch(/^search_console\s+unconfigured\s+sc-domain:cliconn\.dev/);
    expect(lines[2]).toMatch(/^analytics\s+unconfigured\s+123456/);
    const json = await cli(["connections", "list", "--json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({
      workspace: api.slug,
      data: [{ provider: "search_console" }, { provider: "analytics" }],
    });
  });

  it("configure: sets credentials and a property, prints the table", async () => {
    const result = await cli([
      "connections",
      "configure",
      "--search-console-credential",
      credentialId,
      "--analytics-credential",
      credentialId,
      "--analytics-property",
      "654321",
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(
      /search_console\s+configured\s+sc-domain:cliconn\.dev\s+cli@cli-project/,
    );
    expect(result.stdout).toMatch(/analytics\s+configured\s+654321/);
    expect(result.stdout).toContain("(key …1234)");
    expect(result.stdout).not.toContain("PRIVATE KEY");
  });

  it("configure without options is a usage error; a bad property is the API's 400", async () => {
    const none = await cli(["connections", "configure"]);
    expect(none.code).toBe(2);
    const bad = await cli(["connections", "configure", "--analytics-property", "G-1"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("body.analytics.property");
  });

  it("test: ok exits 0; a refused property exits 1 with the reason in words", async () => {
    const ok = await cli(["connections", "test", "search_console"]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/Status\s+ok/);
    const failed = await cli(["connections", "test", "analytics", "--json"]);
    expect(failed.code).toBe(1);
    expect(JSON.parse(failed.stdout)).toMatchObject({
      status: "error",
      lastErrorCode: "property_not_accessible",
    });
    expect(failed.stderr).toContain("cannot access the GA4 property 654321");
    const unknown = await cli(["connections", "test", "gsc"]);
    expect(unknown.code).toBe(2);
  });

  it("a read-only key lists but cannot test or configure (exit 5)", async () => {
    expect((await cli(["connections", "list"], readOnlyEnv)).code).toBe(0);
    const test = await cli(["connections", "test", "search_console"], readOnlyEnv);
    expect(test.code).toBe(5);
    expect(test.stderr).toContain("connections:test");
  });

  it("disconnect: unconfigured afterwards", async () => {
    const result = await cli(["connections", "disconnect", "analytics", "--json"]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      provider: "analytics",
      status: "unconfigured",
    });
    const list = await cli(["connections", "list", "--json"]);
    expect(JSON.parse(list.stdout).data.map((c: any) => c.status)).toEqual(["ok", "unconfigured"]);
  });
});
