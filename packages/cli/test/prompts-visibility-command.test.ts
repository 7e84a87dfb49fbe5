import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../src/index.js";
import { memoryIo, removeTempDirs, startTestApi, type TestApi, tempDir } from "./helpers.js";

/** `geopulse prompts visibility` in-process against the real server. */
let api: TestApi;
let env: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi("clivisibility");
  const key = await api.createKey(["workspace:read", "metrics:read", "prompts:write"]);
  env = { GEOPULSE_CONFIG_DIR: await tempDir(), GEOPULSE_BASE_URL: api.url, GEOPULSE_API_KEY: key };
}, 60_000);
afterAll(async () => {
  await api?.server.close();
  await removeTempDirs();
});

async function cli(...args: string[]) {
  const io = memoryIo(env);
  const code = await run(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

describe("geopulse prompts visibility", () => {
  it("prints a prompt without answers as such, and its JSON with --json", async () => {
    const imported = await cli("prompts", "import", "--json", await promptsFile());
    expect(imported.code, imported.stderr).toBe(0);
    const prompt = await api.server.ctx.prisma.prompt.findFirstOrThrow();
    const human = await cli("prompts", "visibility", prompt.id, "--days", "7");
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain(`No analysed answers to ${prompt.id}`);
    const json = await cli("prompts", "visibility", prompt.id, "--json");
    expect(JSON.parse(json.stdout)).toMatchObject({ promptId: prompt.id, engines: [] });
  });

  it("an unknown prompt is a not-found error", async () => {
    const missing = await cli("prompts", "visibility", "prm_nope");
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("Prompt not found");
  });

  it("--days outside 1..366 is a usage error", async () => {
    const bad = await cli("prompts", "visibility", "prm_x", "--days", "0");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("expected an integer from 1 to 366");
  });
});

async function promptsFile(): Promise<string> {
  const { writeFile } = await import("node:fs/promises");
  const { join } = await import("node:path");
  const path = join(await tempDir(), "prompts.json");
  await writeFile(
    path,
    JSON.stringify([{ text: "best crm", category: "discovery", language: "en" }]),
  );
  return path;
}
