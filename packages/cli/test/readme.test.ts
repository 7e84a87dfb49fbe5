import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  binPath,
  type ChildResult,
  removeTempDirs,
  runBin,
  startTestApi,
  type TestApi,
  tempDir,
} from "./helpers.js";

/**
 * The README's CLI walkthrough, line by line, against the real server: the
 * block after the `readme-cli-walkthrough` marker is the test's script, so the
 * README cannot go stale. Logins are approved over HTTP with the body of the
 * README's curl approval; ids the README writes as `run_01J…` are taken from
 * the output of the commands before.
 */
const readmePath = fileURLToPath(new URL("../../../README.md", import.meta.url));
const readme = readFileSync(readmePath, "utf8");

/** The lines of the marked block (comment-only and empty lines left out). */
function walkthrough(): string[] {
  const marker = readme.indexOf("<!-- readme-cli-walkthrough");
  if (marker < 0) throw new Error("README.md: the readme-cli-walkthrough marker is missing");
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(marker));
  if (!block?.[1]) throw new Error("README.md: no sh block after the walkthrough marker");
  return block[1].split("\n").filter((line) => line.trim() && !line.trim().startsWith("#"));
}

/** Shell words of a line: quotes grouped, a `#` comment and `| jq <filter>` split off. */
function words(line: string): { args: string[]; jq?: string } {
  const args: string[] = [];
  let jq: string | undefined;
  const pattern = /"([^"]*)"|'([^']*)'|(#.*$)|(\|)|(\S+)/g;
  for (let m = pattern.exec(line); m; m = pattern.exec(line)) {
    if (m[3] !== undefined) break; // a comment
    if (m[4] !== undefined) {
      const rest = line.slice(pattern.lastIndex).replace(/#.*$/, "").trim().split(/\s+/);
      if (rest[0] !== "jq" || !rest[1]) throw new Error(`unsupported pipe in: ${line}`);
      jq = rest[1];
      break;
    }
    args.push(m[1] ?? m[2] ?? (m[5] as string));
  }
  return jq === undefined ? { args } : { args, jq };
}

/** A `.a.b` jq filter applied to a JSON text. */
function jqPath(json: string, filter: string): unknown {
  let value: any = JSON.parse(json);
  for (const key of filter.split(".").filter(Boolean)) value = value?.[key];
  return value;
}

/** The approve body of the README's curl line (`…/<userCode>/approve -d '{…}'`). */
function approveBody(): unknown {
  const body = /device-authorizations\/<userCode>\/approve -d '([^']+)'/.exec(readme)?.[1];
  if (!body) throw new Error("README.md: the curl approval of a device is missing");
  return JSON.parse(body);
}

let api: TestApi;
let env: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi("acme");
  env = { GEOPULSE_CONFIG_DIR: join(await tempDir(), "geopulse"), GEOPULSE_BASE_URL: api.url };
}, 60_000);
afterAll(async () => {
  await api?.server.close();
  await removeTempDirs();
});

/** Every id printed so far, latest output first. */
const outputs: string[] = [];
function fillIds(args: string[]): string[] {
  const used = new Set<string>();
  return args.map((arg) => {
    const placeholder = /^(run|rsj|sug|gen)_01J…$/.exec(arg);
    if (!placeholder) return arg;
    const prefix = placeholder[1] as string;
    for (const output of outputs) {
      const ids = [...output.matchAll(new RegExp(`\\b${prefix}_[0-9A-Za-z]{10,}`, "g"))];
      const id = ids.map((m) => m[0]).find((candidate) => !used.has(candidate));
      if (id) {
        used.add(id);
        return id;
      }
    }
    throw new Error(`no ${prefix} id printed before: ${args.join(" ")}`);
  });
}

async function geopulse(args: string[]): Promise<ChildResult> {
  if (args[0] !== "login") return runBin(args, env);
  let approval: Promise<{ status: number }> | undefined;
  const result = await runBin(args, env, (stderr) => {
    const code = /one-time code: ([A-Z]{4}-[A-Z]{4})/.exec(stderr)?.[1];
    if (code && !approval) {
      approval = api.post(`/api/v1/device-authorizations/${code}/approve`, approveBody());
    }
  });
  expect((await approval)?.status, "the approval").toBe(200);
  return result;
}

describe("the README's CLI walkthrough", () => {
  it("runs every line in order", async () => {
    expect(api.slug).toBe("acme");
    const lines = walkthrough();
    expect(lines.length).toBeGreaterThan(15);
    const seen: string[] = [];
    for (const line of lines) {
      const { args, jq } = words(line);
      if (args[0] === "npx") {
        // The build the suite has already done: the same command, with only Node.js and npm.
        expect(line).toMatch(
          /^npx -y -p node@24 -p pnpm@10 pnpm exec turbo run build --filter=@geopulse\/cli\.\.\. /,
        );
        expect(existsSync(binPath)).toBe(true);
        continue;
      }
      if (args[0] === "alias") {
        expect(line).toMatch(/^alias geopulse="node \$PWD\/packages\/cli\/dist\/bin\.js" /);
        continue;
      }
      expect(args[0], line).toBe("geopulse");
      const command = fillIds(args.slice(1));
      const result = await geopulse(command);
      expect(result.code, `${line}\n${result.stderr}`).toBe(0);
      expect(result.stderr, line).not.toMatch(/^error:/m);
      outputs.unshift(result.stdout + result.stderr);
      seen.push(command.slice(0, 2).join(" "));
      if (jq !== undefined) {
        expect(jqPath(result.stdout, jq), line).toBeDefined();
      }
      if (command[0] === "metrics" && !seen.includes("runs start")) {
        expect(result.stdout).toMatch(/Composite\s+no data/);
      }
      if (command[0] === "scoreboard" && jq === ".composite") {
        expect(jqPath(result.stdout, ".composite.n")).toBeGreaterThan(0);
      }
    }
    expect(seen).toEqual(expect.arrayContaining(["login", "runs start", "logout"]));
  }, 240_000);
});
