import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeTempDirs, runBin, startTestApi, type TestApi, tempDir } from "./helpers.js";

/**
 * The built `geopulse` binary against the real server: device login approved
 * over HTTP with a session, then the read commands, error exits and logout.
 */
let api: TestApi;
let env: Record<string, string>;
let configDir: string;
beforeAll(async () => {
  api = await startTestApi("clie2e");
  configDir = join(await tempDir(), "nested", "geopulse");
  env = { GEOPULSE_CONFIG_DIR: configDir, GEOPULSE_BASE_URL: api.url };
}, 60_000);
afterAll(async () => {
  await api?.server.close();
  await removeTempDirs();
});

const cli = (...args: string[]) => runBin(args, env);

/** stdout is exactly one JSON document; stderr carries none. */
function parsed(result: { code: number | null; stdout: string; stderr: string }) {
  expect(result.code, result.stderr).toBe(0);
  expect(result.stderr).not.toMatch(/[{[]/);
  return JSON.parse(result.stdout);
}

describe("geopulse binary end to end", () => {
  it("logs in with the device flow approved in the browser's place", async () => {
    let approval: Promise<{ status: number; body: any }> | undefined;
    const result = await runBin(["login", "--no-browser", "--client-name", "e2e"], env, (err) => {
      const code = /one-time code: ([A-Z]{4}-[A-Z]{4})/.exec(err)?.[1];
      if (code && !approval) {
        // Approved before the first poll (5 s after start), so one poll gets the key.
        approval = api.post(`/api/v1/device-authorizations/${code}/approve`, {
          workspace: api.slug,
          scopes: ["metrics:read", "workspace:read", "credits:read"],
        });
      }
    });
    expect(result.code, result.stderr).toBe(0);
    expect((await approval)?.status).toBe(200);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/\/device\?user_code=[A-Z]{4}-[A-Z]{4}/);
    expect(result.stderr).toContain("Waiting for approval…");
    expect(result.stderr).toContain(`Logged in to workspace ${api.slug}`);

    const credentials = join(configDir, "credentials");
    expect((await stat(credentials)).mode & 0o777).toBe(0o600);
    expect((await stat(configDir)).mode & 0o777).toBe(0o700);
    expect(await readFile(credentials, "utf8")).toMatch(/^gp_live_[A-Za-z0-9_-]{43}\n$/);
    const config = JSON.parse(await readFile(join(configDir, "config.json"), "utf8"));
    expect(config).toEqual({ baseUrl: api.url, workspace: api.slug, keyId: expect.any(String) });
  }, 30_000);

  it("prints JSON for the read commands", async () => {
    const me = parsed(await cli("whoami", "--json"));
    expect(me).toMatchObject({
      principal: "api_key",
      user: null,
      apiKey: { workspace: api.slug, scopes: ["metrics:read", "workspace:read", "credits:read"] },
    });
    const metrics = parsed(await cli("metrics", "--json"));
    expect(metrics).toMatchObject({ scoreboard: { brand: "clie2e" }, latestRun: null });
    expect(metrics.shareOfVoice).toEqual(expect.any(Array));
    const board = parsed(await cli("scoreboard", "--json"));
    expect(board).toMatchObject({ brand: "clie2e", composite: { value: 0 }, engines: [] });
    const balance = parsed(await cli("credits", "balance", "--json"));
    expect(balance).toMatchObject({ workspace: api.slug, availableMicrousd: 1_000_000 });
    const workspace = parsed(await cli("workspace", "get", "--json"));
    expect(workspace).toMatchObject({ slug: api.slug, brand: "clie2e", role: null });
  });

  it("prints a human table by default", async () => {
    const result = await cli("credits", "balance");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Available\s+\$1\.00/);
    // Before the first run: "no data", never a 0.0 that reads as "no change".
    const board = await cli("scoreboard");
    expect(board.code, board.stderr).toBe(0);
    expect(board.stdout).toMatch(/Composite\s+no data/);
    expect(board.stdout).toMatch(
      /Change\s+no comparison vs previous, no comparison 7d, no comparison 28d/,
    );
    expect(board.stdout).not.toContain("0.0");
  });

  it("exits 5 with the server's code when a scope is missing", async () => {
    const result = await cli("runs", "list");
    expect(result.code).toBe(5);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^error: insufficient_scope: .+ \(request req_[\w-]+\)$/m);
    expect(result.stderr).toContain("--scopes runs:read");
  });

  it("exits 3 for a workspace the key may not see", async () => {
    const result = await cli("metrics", "-w", "nope");
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^error: workspace_not_found: .+ \(request req_[\w-]+\)$/m);
  });

  it("exits 2 for a usage error", async () => {
    const result = await cli("metrics", "--bogus");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--bogus'");
  });

  it("logs out: the key is gone and whoami exits 4", async () => {
    const logout = await cli("logout");
    expect(logout.code).toBe(0);
    expect(logout.stderr).toContain("Deleted the stored API key");
    await expect(stat(join(configDir, "credentials"))).rejects.toMatchObject({ code: "ENOENT" });
    const config = JSON.parse(await readFile(join(configDir, "config.json"), "utf8"));
    expect(config).toEqual({ baseUrl: api.url });
    const whoami = await cli("whoami");
    expect(whoami.code).toBe(4);
    expect(whoami.stderr).toContain("error: not logged in.");
  });
});
