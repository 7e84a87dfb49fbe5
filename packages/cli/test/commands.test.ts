import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../src/index.js";
import { memoryIo, removeTempDirs, startTestApi, type TestApi, tempDir } from "./helpers.js";

/** The commands in-process (run(argv, io)) against the real server. */
let api: TestApi;
let key: string;
let env: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi("clicmd");
  key = await api.createKey(["metrics:read", "workspace:read", "credits:read", "runs:read"]);
  env = { GEOPULSE_CONFIG_DIR: await tempDir(), GEOPULSE_BASE_URL: api.url, GEOPULSE_API_KEY: key };
}, 60_000);
afterAll(async () => {
  await api?.server.close();
  await removeTempDirs();
});

async function cli(args: string[], extraEnv: Record<string, string> = {}) {
  const io = memoryIo({ ...env, ...extraEnv });
  const code = await run(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

describe("read commands (key from GEOPULSE_API_KEY, workspace from GET /me)", () => {
  it("whoami shows the key, its workspace and where it came from", async () => {
    const result = await cli(["whoami"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`Workspace\\s+${api.slug}`));
    expect(result.stdout).toMatch(/Key\s+gp_live_\S*…[\w-]{4} \(/);
    expect(result.stdout).toMatch(/From\s+GEOPULSE_API_KEY/);
  });

  it("prints tables for lists", async () => {
    const workspaces = await cli(["workspaces", "list"]);
    expect(workspaces.stdout.split("\n")[0]).toMatch(/^SLUG\s+NAME\s+BRAND\s+ROLE\s+CREATED$/);
    expect(workspaces.stdout).toContain(api.slug);
    const members = await cli(["members", "list"]);
    expect(members.code).toBe(0);
    expect(members.stdout).toMatch(/clicmd@example\.com\s+.*owner/);
    const json = await cli(["members", "list", "--json", "--limit", "1"]);
    expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ role: "owner" })]);
  });

  it("prints metrics, scoreboard, workspace and credit usage for people", async () => {
    const metrics = await cli(["metrics"]);
    expect(metrics.stdout).toMatch(/Composite\s+no data/);
    expect(metrics.stdout).toContain("none yet");
    const board = await cli(["scoreboard", "-w", api.slug]);
    expect(board.stdout).toMatch(/Brand\s+clicmd/);
    const workspace = await cli(["workspace", "get", api.slug]);
    expect(workspace.stdout).toMatch(/Competitors\s+Alpha, Beta/);
    const usage = await cli(["credits", "usage", "--limit", "5"]);
    expect(usage.code).toBe(0);
    expect(usage.stdout).toMatch(/grant\s+\$1\.00/);
  });

  it("lists no runs, then starts a smoke run and follows its progress", async () => {
    const empty = await cli(["runs", "list"]);
    expect(empty.code).toBe(0);
    expect(empty.stderr).toContain("No runs yet.");
    await api.seedPrompts(
      [1, 2, 3].map((i) => ({
        id: `prm_01JCLI000000000000000000${i}0`,
        text: `Best analytics tool number ${i}?`,
      })),
    );
    const writer = await api.createKey(["runs:read", "runs:write", "workspace:read"]);
    const started = await cli(["runs", "start", "--preset", "smoke", "--wait", "--json"], {
      GEOPULSE_API_KEY: writer,
    });
    expect(started.code).toBe(0);
    const run = JSON.parse(started.stdout);
    expect(run).toMatchObject({
      preset: "smoke",
      status: "succeeded",
      simulated: true,
      progress: { total: 3, completed: 3 },
    });
    expect(started.stderr).toMatch(/Started run run_\w+ \(smoke: 3 answers, simulated engine\)/);
    expect(started.stderr).toMatch(/succeeded 3\/3 answers/);
    const bad = await cli(["runs", "start", "--preset", "huge"], { GEOPULSE_API_KEY: writer });
    expect(bad.code).toBe(2);
  });

  it("reads the run's day with filters, per engine, and as a time series", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const board = await cli(["scoreboard", "--date", today, "--engine", "simulated"]);
    expect(board.code).toBe(0);
    expect(board.stdout).toMatch(
      /^ENGINE\s+ANSWERS\s+VISIBILITY\s+SHARE OF VOICE\s+CITATION SHARE\s+POSITION\s+SCORE$/m,
    );
    expect(board.stdout).toMatch(/^simulated\s+3\s+\d+\.\d% \(\d+\.\d%–\d+\.\d%\)/m);
    expect(board.stdout).toMatch(/^Surfaces\s+api$/m);
    const none = await cli(["scoreboard", "--engine", "openai", "--json"]);
    expect(JSON.parse(none.stdout)).toMatchObject({ engines: [], composite: { n: 0 } });
    const unknown = await cli(["scoreboard", "--engine", "altavista"]);
    expect(unknown.code).toBe(2);
    const onApi = JSON.parse((await cli(["scoreboard", "--surface", "api", "--json"])).stdout);
    expect(onApi).toMatchObject({ composite: { n: 3, surfaces: ["api"] } });
    const onApps = await cli(["scoreboard", "--surface", "consumer_app", "--json"]);
    expect(JSON.parse(onApps.stdout)).toMatchObject({ engines: [], composite: { n: 0 } });
    expect((await cli(["scoreboard", "--surface", "tv"])).code).toBe(2);

    const series = await cli(["timeseries", "--from", today, "--to", today]);
    expect(series.code).toBe(0);
    const lines = series.stdout.split("\n");
    expect(lines[0]).toMatch(
      /^DATE\s+ENTITY\s+ENGINE\s+ANSWERS\s+VISIBILITY\s+SHARE OF VOICE\s+CITATION SHARE\s+RECOMMENDED IN\s/,
    );
    expect(lines[1]).toMatch(new RegExp(`^${today}\\s+clicmd \\(you\\)\\s+all\\s+3\\s`));
    expect(lines.filter((l) => l.startsWith(today))).toHaveLength(3); // brand and two competitors
    const json = JSON.parse(
      (await cli(["timeseries", "--from", today, "--to", today, "--entity", "self", "--json"]))
        .stdout,
    );
    expect(json.series.map((s: any) => [s.entityId, s.engine])).toEqual([
      ["self", "all"],
      ["self", "simulated"],
    ]);
    const badDay = await cli(["timeseries", "--from", "yesterday", "--to", today]);
    expect(badDay.code).toBe(2);
  });

  it("metrics changes lists detected changes (none on one day of data)", async () => {
    const none = await cli(["metrics", "changes"]);
    expect(none.code).toBe(0);
    expect(none.stderr).toContain("No significant changes detected.");
    const json = await cli(["metrics", "changes", "--engine", "all", "--json", "--limit", "5"]);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([]);
    expect((await cli(["metrics", "changes", "--engine", "altavista"])).code).toBe(2);
    expect((await cli(["metrics", "changes", "--from", "yesterday"])).code).toBe(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await cli(["metrics", "changes", "--date", today])).code).toBe(2);
    expect((await cli(["metrics", "chnages"])).code).toBe(2);
    // `metrics` itself still reads the metrics, with its own --engine.
    expect((await cli(["metrics", "--engine", "simulated", "--json"])).code).toBe(0);
    expect((await cli(["metrics", "--engine", "all"])).code).toBe(2);
    expect((await cli(["metrics", "--limit", "3"])).code).toBe(2);
  });

  it("--api-key wins over GEOPULSE_API_KEY; an unknown key exits 4", async () => {
    const result = await cli(["whoami", "--api-key", `gp_live_${"B".repeat(43)}`]);
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^error: invalid_key: /m);
    expect(result.stderr).toContain("geopulse login");
  });

  it("exits 7 when the server cannot be reached", async () => {
    const result = await cli(["metrics", "--base-url", "http://127.0.0.1:59999"]);
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(/^error: connection_error: .*\n.*127\.0\.0\.1:59999/);
  });

  it("exits 4 without any key, before a request", async () => {
    const result = await cli(["metrics"], { GEOPULSE_API_KEY: "" });
    expect(result.code).toBe(4);
    expect(result.stderr).toBe(
      "error: not logged in.\nhint: run `geopulse login`, or set GEOPULSE_API_KEY or --api-key.\n",
    );
  });
});

describe("login in-process", () => {
  async function login(
    args: string[],
    decide: "approve" | "deny",
    io: { tty: boolean; ci?: string },
  ) {
    const opened: string[] = [];
    const configDir = await tempDir();
    let decided = false;
    const stream = memoryIo(
      {
        GEOPULSE_CONFIG_DIR: configDir,
        GEOPULSE_BASE_URL: api.url,
        ...(io.ci ? { CI: io.ci } : {}),
      },
      {
        stdinIsTTY: io.tty,
        openBrowser: async (url) => void opened.push(url),
        // The first wait: decide as the person would, then let the poll happen at once.
        sleep: async () => {
          if (decided) return;
          decided = true;
          const code = /one-time code: (\S+)/.exec(stream.err())?.[1];
          const path = `/api/v1/device-authorizations/${code}/${decide}`;
          await api.post(path, decide === "approve" ? { workspace: api.slug } : {});
        },
      },
    );
    stream.stdout.isTTY = io.tty;
    const code = await run(["login", ...args], stream);
    return { code, stdout: stream.out(), stderr: stream.err(), opened, configDir };
  }

  it("opens the browser when interactive and prints --json to stdout", async () => {
    const result = await login(["--json", "--scopes", "metrics:read,credits:read"], "approve", {
      tty: true,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.opened).toEqual([
      expect.stringMatching(/\/device\?user_code=[A-Z]{4}-[A-Z]{4}$/),
    ]);
    expect(JSON.parse(result.stdout)).toEqual({
      workspace: api.slug,
      keyId: expect.any(String),
      scopes: ["metrics:read", "credits:read"],
    });
    // The stored key works without GEOPULSE_API_KEY, for the stored workspace.
    const io = memoryIo({ GEOPULSE_CONFIG_DIR: result.configDir });
    expect(await run(["credits", "balance", "--json"], io)).toBe(0);
    expect(JSON.parse(io.out())).toMatchObject({ workspace: api.slug });
  });

  it("never opens a browser in CI or without a terminal", async () => {
    expect((await login([], "approve", { tty: true, ci: "true" })).opened).toEqual([]);
    expect((await login([], "approve", { tty: false })).opened).toEqual([]);
  });

  it("exits 4 when the request is denied", async () => {
    const result = await login(["--no-browser"], "deny", { tty: true });
    expect(result.code).toBe(4);
    expect(result.opened).toEqual([]);
    expect(result.stderr).toContain("error: login denied");
  });

  it("asks for every read scope by default, so the read commands work after a plain login", async () => {
    const result = await login(["--json"], "approve", { tty: false });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout).scopes).toEqual([
      "workspace:read",
      "metrics:read",
      "credits:read",
      "prompts:read",
      "runs:read",
    ]);
    for (const command of [
      ["metrics"],
      ["credits", "balance"],
      ["prompts", "list"],
      ["runs", "list"],
    ]) {
      const io = memoryIo({ GEOPULSE_CONFIG_DIR: result.configDir });
      expect(await run([...command, "--json"], io), io.err()).toBe(0);
    }
  });

  it("rejects unknown scopes as a usage error", async () => {
    const result = await login(["--scopes", "metrics:read,nope:write"], "approve", { tty: false });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown scope nope:write");
  });
});
