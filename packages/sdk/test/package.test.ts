import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * What a customer gets: pack the SDK and the types it depends on, install the
 * tarballs in a scratch project from the npm registry, and use them from ESM,
 * CommonJS and strict TypeScript.
 */
const root = fileURLToPath(new URL("../../../", import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), "geopulse-sdk-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Under `pnpm test`, pnpm points npm_config_globalconfig at its own rc, so the npm run
// here would skip npm's global npmrc (where a machine behind a TLS-inspecting proxy keeps
// its `cafile`): let npm read its own, and trust what Node is told to trust.
const { npm_config_globalconfig: _pnpmGlobal, ...inherited } = process.env;
const extraCa = process.env.NODE_EXTRA_CA_CERTS;
const env = {
  ...inherited,
  ...(extraCa && !process.env.npm_config_cafile ? { npm_config_cafile: extraCa } : {}),
};
const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
// npm install reaches the registry. turbo hands tasks only the environment turbo.json lets
// through: without NODE_EXTRA_CA_CERTS there, npm could not verify the registry behind this
// network's TLS proxy and retried for 145 s before its fallback worked.

describe("the published package", () => {
  it("installs from its tarball and works from ESM, CommonJS and TypeScript", () => {
    for (const pkg of ["packages/api-types", "packages/sdk"]) {
      run("pnpm", ["pack", "--pack-destination", scratch], join(root, pkg));
    }
    const tarballs = readdirSync(scratch).filter((name) => name.endsWith(".tgz"));
    expect(tarballs).toHaveLength(2);
    writeFileSync(
      join(scratch, "package.json"),
      JSON.stringify({ name: "scratch", private: true, type: "module" }),
    );
    run(
      "npm",
      ["install", "--no-audit", "--no-fund", "--loglevel=error", ...tarballs.map((t) => `./${t}`)],
      scratch,
    );

    writeFileSync(
      join(scratch, "esm.mjs"),
      `import { createClient, NotFoundError, GeoPulseError } from "@geopulse/sdk";
const gp = createClient({ apiKey: "gp_live_x", baseUrl: "http://127.0.0.1:9" });
console.log(typeof gp.metrics.get, new NotFoundError({ status: 404, code: "workspace_not_found", message: "m" }) instanceof GeoPulseError);`,
    );
    expect(run("node", ["esm.mjs"], scratch).trim()).toBe("function true");

    writeFileSync(
      join(scratch, "cjs.cjs"),
      `const { createClient, RateLimitError } = require("@geopulse/sdk");
console.log(typeof createClient({}).credits.balance, typeof RateLimitError);`,
    );
    expect(run("node", ["cjs.cjs"], scratch).trim()).toBe("function function");

    writeFileSync(
      join(scratch, "consumer.ts"),
      `import { createClient, InsufficientCreditsError, type GeoPulse } from "@geopulse/sdk";
import type { WorkspaceMetrics } from "@geopulse/api-types";
const gp: GeoPulse = createClient({ apiKey: "gp_live_x" });
export async function share(): Promise<number> {
  const metrics: WorkspaceMetrics = await gp.metrics.get("acme");
  try { await gp.credits.topUp("acme", { amountMicrousd: 1 }); } catch (e) { if (e instanceof InsufficientCreditsError) return e.requiredMicrousd ?? 0; }
  // @ts-expect-error the contract has no such route
  await gp.raw.GET("/api/v1/nope");
  return metrics.shareOfVoice[0]?.value ?? 0;
}`,
    );
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
    run(join(root, "node_modules/.bin/tsc"), ["-p", "tsconfig.json"], scratch);
  }, 600_000);
});
