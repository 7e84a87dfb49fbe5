import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../src/index.js";
import { memoryIo, removeTempDirs, startTestApi, type TestApi, tempDir } from "./helpers.js";

/** `geopulse pages …` in-process against the real server, evaluating a local site. */
let api: TestApi;
let site: Server;
let base: string;
let env: Record<string, string>;
let readOnlyEnv: Record<string, string>;

beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === "/robots.txt") {
      res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: GPTBot\nDisallow: /\n");
      return;
    }
    if (req.url === "/") {
      res
        .writeHead(200, { "content-type": "text/html" })
        .end("<html><head><title>Widgets</title></head><body><p>Widgets.</p></body></html>");
      return;
    }
    res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const port = (site.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  api = await startTestApi("clipages", {
    GEO_FETCH_ALLOW_LOOPBACK: "true",
    GEO_FETCH_PORTS: String(port),
  });
  const key = await api.createKey(["workspace:read", "runs:write", "reports:read"]);
  const readOnly = await api.createKey(["workspace:read", "reports:read"]);
  const dir = await tempDir();
  env = { GEOPULSE_CONFIG_DIR: dir, GEOPULSE_BASE_URL: api.url, GEOPULSE_API_KEY: key };
  readOnlyEnv = { ...env, GEOPULSE_API_KEY: readOnly };
}, 60_000);
afterAll(async () => {
  await api?.server.close();
  await new Promise((resolve) => site?.close(resolve));
  await removeTempDirs();
});

async function cli(args: string[], withEnv = env) {
  // Polls without sleeping a whole second between reads.
  const io = { ...memoryIo(withEnv), sleep: () => new Promise<void>((r) => setTimeout(r, 50)) };
  const code = await run(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

describe("geopulse pages", () => {
  let id: string;

  it("evaluate --wait: progress on stderr, then the checks table and scores", async () => {
    const done = await cli(["pages", "evaluate", `${base}/`, "--wait"]);
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toMatch(/Started page evaluation pev_[0-9A-Z]{26}/);
    expect(done.stderr).toContain("queued…");
    expect(done.stdout).toMatch(/^Status\s+succeeded$/m);
    expect(done.stdout).toMatch(/^Score\s+\d+\/100$/m);
    expect(done.stdout).toMatch(/^STATUS\s+SEVERITY\s+CHECK\s+SUMMARY/m);
    expect(done.stdout).toMatch(/! warn\s+low\s+access\.robots\.GPTBot/);
    expect(done.stdout).toMatch(/✓ pass\s+critical\s+access\.robots\.Googlebot/);
    id = /pev_[0-9A-Z]{26}/.exec(done.stderr)?.[0] as string;
  });

  it("evaluate without --wait prints the queued evaluation with --json", async () => {
    const started = await cli(["pages", "evaluate", `${base}/`, "--json"]);
    expect(started.code, started.stderr).toBe(0);
    expect(JSON.parse(started.stdout)).toMatchObject({ status: "queued", url: `${base}/` });
  });

  it("evaluate --wait of a page that fails exits 1 with the reason", async () => {
    const failed = await cli(["pages", "evaluate", `${base}/missing`, "--wait"]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/^Failure\s+http_error: The server answered HTTP 404\.$/m);
    expect(failed.stderr).toContain("failed: The server answered HTTP 404.");
  });

  it("get and list, as tables and --json, with a reports:read key", async () => {
    const shown = await cli(["pages", "get", id], readOnlyEnv);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(new RegExp(`^Evaluation\\s+${id}$`, "m"));
    const json = JSON.parse((await cli(["pages", "get", id, "--json"], readOnlyEnv)).stdout);
    expect(json).toMatchObject({ id, status: "succeeded" });
    const list = await cli(["pages", "list", "--status", "succeeded"], readOnlyEnv);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout.split("\n")[0]).toMatch(/^EVALUATION\s+STATUS\s+SCORE\s+URL\s+CREATED/);
    expect(list.stdout).toContain(id);
    const all = JSON.parse(
      (await cli(["pages", "list", "--json", "--limit", "2"], readOnlyEnv)).stdout,
    );
    expect(all).toHaveLength(2);
    const none = await cli(["pages", "list", "--host", "example.org"], readOnlyEnv);
    expect(none).toMatchObject({ code: 0, stdout: "" });
    expect(none.stderr).toContain("No page evaluations.");
  });

  it("evaluate needs runs:write", async () => {
    const refused = await cli(["pages", "evaluate", `${base}/`], readOnlyEnv);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("runs:write");
  });
});
