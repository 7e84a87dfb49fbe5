import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../src/index.js";
import { memoryIo, removeTempDirs, startTestApi, type TestApi, tempDir } from "./helpers.js";

/** `geopulse models list` in-process against the real server. */
let api: TestApi;
let env: Record<string, string>;

beforeAll(async () => {
  api = await startTestApi("climodels");
  const key = await api.createKey(["settings:read"]);
  env = { GEOPULSE_CONFIG_DIR: await tempDir(), GEOPULSE_BASE_URL: api.url, GEOPULSE_API_KEY: key };
});
afterAll(async () => {
  await api?.server.close();
  await removeTempDirs();
});

async function cli(...args: string[]) {
  const io = memoryIo(env);
  const code = await run(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

describe("geopulse models list", () => {
  it("prints the catalog as a table and as JSON", async () => {
    const human = await cli("models", "list");
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(
      /openai\s+gpt-4\.1-mini\s+answers,chat,prompts\s+answers,chat,prompts/,
    );
    expect(human.stdout).toContain("claude-sonnet-5-5");
    const json = await cli("models", "list", "--json");
    expect(json.code).toBe(0);
    const models = JSON.parse(json.stdout) as any[];
    expect(models.find((m) => m.id === "gemini-3.5-flash-lite")).toMatchObject({
      provider: "gemini",
      prices: { inputPerMillion: 300_000, outputPerMillion: 2_500_000, perSearch: 14_000 },
    });
  });
});
