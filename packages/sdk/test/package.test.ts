import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeApi } from "./fake-api.js";

/**
 * What a customer gets, exactly as the README's SDK section says: pack the SDK and
 * the contract types it depends on from this repository, install the two tarballs
 * into a scratch project with plain npm (our packages only from the tarballs;
 * openapi-fetch from the npm cache or registry), and call the API from ESM,
 * CommonJS and strict TypeScript.
 */
const root = fileURLToPath(new URL("../../../", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "geopulse-sdk-"));
let api: FakeApi;
beforeAll(async () => {
  api = await new FakeApi().start();
});
afterAll(async () => {
  await api.stop();
  rmSync(scratch, { recursive: true, force: true });
});

// Under `pnpm test`, pnpm points npm_config_globalconfig at its own rc, so the npm run
// here would skip npm's global npmrc (where a machine behind a TLS-inspecting proxy keeps
// its `cafile`): let npm read its own, and trust what Node is told to trust.
const { npm_config_globalconfig: _pnpmGlobal, ...inherited } = process.env;
const extraCa = process.env.NODE_EXTRA_CA_CERTS;
const env = {
  ...inherited,
  ...(extraCa && !process.env.npm_config_cafile ? { npm_config_cafile: extraCa } : {}),
};
// Asynchronous, so the fake API in this process can answer the scripts' requests.
const run = async (command: string, args: string[], cwd: string, extraEnv = {}) =>
  (await promisify(execFile)(command, args, { cwd, env: { ...env, ...extraEnv } })).stdout;
// npm install reaches the registry. turbo hands tasks only the environment turbo.json lets
// through: without NODE_EXTRA_CA_CERTS there, npm could not verify the registry behind this
// network's TLS proxy and retried for 145 s before its fallback worked.

const esm = `import { createClient, NotFoundError } from "@geopulse/sdk";
const gp = createClient({ apiKey: "gp_live_x", baseUrl: process.env.API_URL, maxRetries: 0 });
const slugs = [];
for await (const w of gp.workspaces.list({ limit: 1 })) slugs.push(w.slug);
const run = await gp.runs.start("acme", { preset: "smoke" });
const missing = await gp.prompts.get("acme", "prm_x").catch((e) => e);
console.log(JSON.stringify({ slugs, run: run.runId, notFound: missing instanceof NotFoundError }));`;

const cjs = `const { createClient, sdkOperations } = require("@geopulse/sdk");
const gp = createClient({ apiKey: "gp_live_x", baseUrl: process.env.API_URL, maxRetries: 0 });
gp.runSchedule.get("acme").then((schedule) =>
  console.log(JSON.stringify({ cron: schedule.cron, namespaces: Object.keys(sdkOperations).length })),
);`;

const consumer = `import { createClient, InsufficientCreditsError, type GeoPulse } from "@geopulse/sdk";
import type { WorkspaceMetrics } from "@geopulse/api-types";
const gp: GeoPulse = createClient({ apiKey: "gp_live_x" });
export async function share(): Promise<number> {
  const metrics: WorkspaceMetrics = await gp.metrics.get("acme");
  try { await gp.research.start("acme", { maxCalls: 5 }); } catch (e) { if (e instanceof InsufficientCreditsError) return e.requiredMicrousd ?? 0; }
  for await (const prompt of gp.prompts.list("acme", { active: true })) console.log(prompt.text);
  // @ts-expect-error the contract has no such route
  await gp.raw.GET("/api/v1/nope");
  // @ts-expect-error a run needs a preset
  await gp.runs.start("acme", {});
  return metrics.shareOfVoice[0]?.value ?? 0;
}`;

const workspace = (slug: string) => ({ slug, brand: slug, displayName: slug, role: null });

describe("the SDK from this repository", () => {
  it("packs, installs with npm from its tarballs and works from ESM, CommonJS and TypeScript", async () => {
    for (const pkg of ["packages/api-types", "packages/sdk"]) {
      await run("pnpm", ["pack", "--pack-destination", scratch], join(root, pkg));
    }
    const tarballs = readdirSync(scratch).filter((name) => name.endsWith(".tgz"));
    expect(tarballs.sort()).toEqual(["geopulse-api-types-1.0.0.tgz", "geopulse-sdk-1.0.0.tgz"]);
    writeFileSync(
      join(scratch, "package.json"),
      JSON.stringify({ name: "scratch", private: true, type: "module" }),
    );
    await run(
      "npm",
      [
        "install",
        "--no-audit",
        "--no-fund",
        "--prefer-offline",
        "--loglevel=error",
        ...tarballs.map((t) => `./${t}`),
      ],
      scratch,
    );
    // Our packages come from the tarballs, never from a registry.
    const lock = JSON.parse(readFileSync(join(scratch, "package-lock.json"), "utf8"));
    for (const name of ["@geopulse/sdk", "@geopulse/api-types"]) {
      expect(lock.packages[`node_modules/${name}`].resolved).toMatch(/^file:/);
    }

    const API_URL = api.url;
    api.replies.push(
      { status: 200, body: { data: [workspace("a")], nextCursor: "c1" } },
      { status: 200, body: { data: [workspace("b")], nextCursor: null } },
      { status: 202, body: { runId: "run_1" } },
      {
        status: 404,
        body: { error: { code: "prompt_not_found", message: "m", requestId: "req_1" } },
      },
    );
    writeFileSync(join(scratch, "esm.mjs"), esm);
    expect(JSON.parse(await run("node", ["esm.mjs"], scratch, { API_URL }))).toEqual({
      slugs: ["a", "b"],
      run: "run_1",
      notFound: true,
    });
    const start = api.seen.find((r) => r.method === "POST");
    expect(start?.path).toBe("/api/v1/workspaces/acme/runs");
    expect(JSON.parse(start?.body ?? "{}").idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    api.replies.push({ status: 200, body: { enabled: true, cron: "0 6 * * *" } });
    writeFileSync(join(scratch, "cjs.cjs"), cjs);
    const fromCjs = JSON.parse(await run("node", ["cjs.cjs"], scratch, { API_URL }));
    expect(fromCjs.cron).toBe("0 6 * * *");
    expect(fromCjs.namespaces).toBeGreaterThan(10);
    expect(api.seen.at(-1)?.path).toBe("/api/v1/workspaces/acme/run-schedule");

    writeFileSync(join(scratch, "consumer.ts"), consumer);
    writeFileSync(
      join(scratch, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2023",
          noEmit: true,
          skipLibCheck: false,
          lib: ["ES2023", "DOM"],
          types: [],
        },
        files: ["consumer.ts"],
      }),
    );
    await run(join(root, "node_modules/.bin/tsc"), ["-p", "tsconfig.json"], scratch);
  }, 600_000);
});
