import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeChatModel } from "../../../apps/server/test/fakes/fake-chat-model.js";
import { opensOnOrigin } from "../src/browser.js";
import { run } from "../src/index.js";
import {
  memoryIo,
  removeTempDirs,
  startTestApi,
  type TestApi,
  tempDir,
  workspaceBody,
} from "./helpers.js";

/**
 * Server text never reaches the terminal as control characters: the chat's
 * streamed text, a page's crawler view (`pages get --markdown`), table cells
 * and messages. Each C0/C1 control (but newline and tab outside table cells)
 * is shown as U+FFFD; `--json` stays exact. The browser opens only URLs on the
 * base URL's origin. Against the real server, with a fake model provider
 * speaking OpenAI's and Anthropic's wire formats and a local site.
 */
const hostile =
  "A\u001b]8;;http://evil.example/\u0007link\u001b]8;;\u0007 \u009b2J red\rover\u0085.";
/** Any C0 control but tab and newline, DEL, or C1 control. */
const controls = /[^\P{Cc}\n\t]/u;

let api: TestApi;
let model: FakeChatModel;
let site: Server;
let base: string;
let env: Record<string, string>;
const providerEnv = [
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_BASE_URL",
];
const saved = Object.fromEntries(providerEnv.map((name) => [name, process.env[name]]));

beforeAll(async () => {
  model = await new FakeChatModel(() => ({ text: `Answer: ${hostile}\nSecond line.` })).start();
  for (const prefix of ["OPENAI", "ANTHROPIC"]) {
    process.env[`${prefix}_API_KEY`] = `${prefix.toLowerCase()}-operator-key`;
    process.env[`${prefix}_BASE_URL`] = model.url;
  }
  site = createServer((req, res) => {
    if (req.url === "/robots.txt") {
      res.writeHead(200, { "content-type": "text/plain" }).end("User-agent: *\nAllow: /\n");
      return;
    }
    res
      .writeHead(200, { "content-type": "text/html; charset=utf-8" })
      .end(
        `<html><head><title>Widgets</title></head><body><h1>Widgets</h1><p>${hostile}</p></body></html>`,
      );
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  const port = (site.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  api = await startTestApi("cliterm", {
    GEO_FETCH_ALLOW_LOOPBACK: "true",
    GEO_FETCH_PORTS: String(port),
  });
  const key = await api.createKey([
    "workspace:read",
    "prompts:read",
    "runs:write",
    "reports:read",
    "chat:read",
    "chat:write",
    "metrics:read",
  ]);
  env = { GEOPULSE_CONFIG_DIR: await tempDir(), GEOPULSE_BASE_URL: api.url, GEOPULSE_API_KEY: key };
}, 60_000);
afterAll(async () => {
  await api?.server.close();
  await model?.close();
  await new Promise((resolve) => site?.close(resolve));
  await removeTempDirs();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

async function cli(args: string[], withEnv = env) {
  const io = { ...memoryIo(withEnv), sleep: () => new Promise<void>((r) => setTimeout(r, 50)) };
  const code = await run(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

describe("server text on a terminal", () => {
  it("chat: the streamed answer shows controls as U+FFFD, keeps newlines; --json is exact", async () => {
    const shown = await cli(["ask", "What is our visibility?"]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).not.toMatch(controls);
    expect(shown.stdout).toContain(
      "Answer: A\uFFFD]8;;http://evil.example/\uFFFDlink\uFFFD]8;;\uFFFD \uFFFD2J red\uFFFDover\uFFFD.\nSecond line.\n",
    );
    expect(shown.stderr).not.toMatch(controls);

    const json = await cli(["ask", "--json", "And now?"]);
    expect(json.code, json.stderr).toBe(0);
    // JSON escapes every control character, C1 included, and parses back to the exact text.
    expect(json.stdout).not.toMatch(controls);
    expect(json.stdout).toContain("\\u009b2J");
    expect(JSON.parse(json.stdout).content).toContain(`Answer: ${hostile}\nSecond line.`);

    const thread = /New chat thread (cht_\w+)/.exec(shown.stderr)?.[1] as string;
    const stored = await cli(["chat", "threads", "get", thread]);
    expect(stored.code, stored.stderr).toBe(0);
    expect(stored.stdout).not.toMatch(controls);
    expect(stored.stdout).toContain("\uFFFD2J red\uFFFDover");
  });

  it("pages get --markdown: the crawler view without controls", async () => {
    const done = await cli(["pages", "evaluate", `${base}/`, "--wait"]);
    expect(done.code, done.stderr).toBe(0);
    const id = /pev_[0-9A-Z]{26}/.exec(done.stderr)?.[0] as string;
    const json = JSON.parse((await cli(["pages", "get", id, "--json"])).stdout);
    // The server keeps the page's text as it was; only the terminal view replaces.
    expect(json.crawlerView.markdown).toMatch(controls);
    const markdown = await cli(["pages", "get", id, "--markdown"]);
    expect(markdown.code, markdown.stderr).toBe(0);
    expect(markdown.stdout).toContain("Widgets");
    expect(markdown.stdout).toContain("A\uFFFD\\]8;;http://evil.example/\uFFFDlink");
    expect(markdown.stdout).toContain("\uFFFD2J red");
    expect(markdown.stdout).not.toMatch(controls);
  });

  it("tables: a cell's controls, newlines and tabs become U+FFFD (one row per line)", async () => {
    const created = await api.post(
      "/api/v1/workspaces",
      workspaceBody("cliterm2", "Evil\u001b[2J\tCo\nNext"),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await api.seedPrompts([
      { id: "prm_01JCLITERM0000000000000001", text: `Best tool\u001b[31m for\u0007 ${hostile}` },
    ]);
    const prompts = await cli(["prompts", "list"]);
    expect(prompts.code, prompts.stderr).toBe(0);
    expect(prompts.stdout).not.toMatch(controls);
    expect(prompts.stdout).toContain("Best tool\uFFFD[31m for\uFFFD A\uFFFD]8;;");
    expect(prompts.stdout.trimEnd().split("\n")).toHaveLength(2);

    // The name's newline and tab are replaced: its row stays one line.
    const key = await api.createKey(["workspace:read"], "cliterm2");
    const list = await cli(["workspaces", "list"], { ...env, GEOPULSE_API_KEY: key });
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).not.toMatch(controls);
    const row = list.stdout.split("\n").find((line) => line.startsWith("cliterm2"));
    expect(row).toMatch(/^cliterm2\s+Evil\uFFFD\[2J\uFFFDCo\uFFFDNext\s+cliterm2\s/);
  });
});

describe("the browser opens only the base URL's origin", () => {
  async function login(baseUrl: string, target: TestApi) {
    const opened: string[] = [];
    let decided = false;
    const io = memoryIo(
      { GEOPULSE_CONFIG_DIR: await tempDir(), GEOPULSE_BASE_URL: baseUrl },
      {
        stdinIsTTY: true,
        openBrowser: async (url) => void opened.push(url),
        sleep: async () => {
          if (decided) return;
          decided = true;
          const code = /one-time code: (\S+)/.exec(io.err())?.[1];
          await target.post(`/api/v1/device-authorizations/${code}/approve`, {
            workspace: target.slug,
          });
        },
      },
    );
    io.stdout.isTTY = true;
    const code = await run(["login"], io);
    return { code, stderr: io.err(), opened };
  }

  it("a verification URL on another origin is printed, not opened", async () => {
    // The server as if configured with another public URL (GEO_PUBLIC_URL), read per request.
    const { config } = api.server.ctx;
    const publicUrl = config.publicUrl;
    config.publicUrl = "http://attacker.example:8080";
    try {
      const result = await login(api.url, api);
      expect(result.code, result.stderr).toBe(0);
      expect(result.opened).toEqual([]);
      expect(result.stderr).toContain("open http://attacker.example:8080/device?user_code=");
      expect(result.stderr).toMatch(/Not opening a browser: .*not on http:\/\/127\.0\.0\.1:\d+/);
    } finally {
      config.publicUrl = publicUrl;
    }
  });

  it("a verification URL on the base URL's origin is opened", async () => {
    const result = await login(api.url, api);
    expect(result.code, result.stderr).toBe(0);
    expect(result.opened).toEqual([expect.stringMatching(/^http:\/\/localhost:\d+\/device\?/)]);
  });

  it("only http(s) on the same origin; loopback names are one host", () => {
    const base = "https://api.geopulse.example";
    expect(opensOnOrigin("https://api.geopulse.example/device?user_code=ABCD-EFGH", base)).toBe(
      true,
    );
    for (const url of [
      "http://api.geopulse.example/device",
      "https://api.geopulse.example:8443/device",
      "https://geopulse.example/device",
      "https://api.geopulse.example.evil.example/device",
      "https://api.geopulse.example@evil.example/device",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "vscode://open?file=x",
      "not a url",
    ]) {
      expect(opensOnOrigin(url, base), url).toBe(false);
    }
    expect(opensOnOrigin("http://localhost:8080/device", "http://127.0.0.1:8080")).toBe(true);
    expect(opensOnOrigin("http://localhost:8081/device", "http://127.0.0.1:8080")).toBe(false);
    expect(opensOnOrigin("http://10.0.0.1:8080/device", "http://127.0.0.1:8080")).toBe(false);
  });
});
