import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The dependency audit of `pnpm check` (scripts/audit-dependencies.mjs: `pnpm audit --prod`),
 * against a local stand-in for the registry's audit endpoint speaking npm's audit format:
 * a high or critical advisory fails, lower ones pass, and a registry whose audit endpoint
 * answers an error status or cannot be reached is said plainly and passes.
 */
const script = fileURLToPath(
  new URL("../../../../scripts/audit-dependencies.mjs", import.meta.url),
);

type Mode = "critical" | "moderate" | "405";
let mode: Mode = "moderate";
const requests: string[] = [];
let registry: Server;
let url: string;

function report(kind: Mode) {
  const critical = kind === "critical";
  return {
    actions: [],
    advisories: critical
      ? {
          1: {
            id: 1,
            module_name: "express",
            severity: "critical",
            title: "Remote code execution",
            url: "https://github.com/advisories/GHSA-0000-0000-0000",
            vulnerable_versions: "<99.0.0",
            patched_versions: ">=99.0.0",
            findings: [{ version: "5.0.0", paths: ["apps__server>express"] }],
          },
        }
      : {},
    muted: [],
    metadata: {
      vulnerabilities: {
        info: 0,
        low: 0,
        moderate: kind === "moderate" ? 1 : 0,
        high: 0,
        critical: critical ? 1 : 0,
      },
      dependencies: 1,
      devDependencies: 0,
      optionalDependencies: 0,
      totalDependencies: 1,
    },
  };
}

beforeAll(async () => {
  registry = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      requests.push(`${req.method} ${req.url}`);
      if (mode === "405") res.writeHead(405).end();
      else
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify(report(mode)));
    });
  });
  await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise((resolve) => registry?.close(resolve)));

function audit(registryUrl: string): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, [script, "--registry", registryUrl], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk));
  child.stderr.on("data", (chunk: Buffer) => (out += chunk));
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out }));
  });
}

describe("the dependency audit", () => {
  it("fails on a critical advisory and names it", async () => {
    mode = "critical";
    const result = await audit(url);
    expect(result.code, result.out).toBe(1);
    expect(result.out).toContain("dependency audit failed: 1 critical, 0 high");
    expect(result.out).toContain(
      "critical: express <99.0.0: Remote code execution (https://github.com/advisories/GHSA-0000-0000-0000)",
    );
    expect(requests).toContain("POST /-/npm/v1/security/audits/quick");
  });

  it("passes with only a moderate advisory, counting it", async () => {
    mode = "moderate";
    const result = await audit(url);
    expect(result.code, result.out).toBe(0);
    expect(result.out).toContain("(0 critical, 0 high, 1 moderate, 0 low, 0 info)");
  });

  it("says plainly that it was skipped when the audit endpoint answers an error", async () => {
    mode = "405";
    const result = await audit(url);
    expect(result.code, result.out).toBe(0);
    expect(result.out).toMatch(/^dependency audit skipped: registry unreachable \(.*405/m);
  });

  it("says plainly that it was skipped when the registry cannot be reached", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const result = await audit(`http://127.0.0.1:${port}/`);
    expect(result.code, result.out).toBe(0);
    expect(result.out).toMatch(/^dependency audit skipped: registry unreachable \(.*ECONNREFUSED/m);
  });
});
