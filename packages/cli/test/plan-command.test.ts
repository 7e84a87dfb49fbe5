import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../src/index.js";
import { memoryIo, removeTempDirs, startTestApi, type TestApi, tempDir } from "./helpers.js";

/** `geopulse plan` in-process against the real server. */
let api: TestApi;
let env: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi("cliplan");
  const key = await api.createKey(["workspace:read", "metrics:read", "runs:read", "prompts:write"]);
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

describe("geopulse plan", () => {
  it("without prompts: the server's 409, exit 1", async () => {
    const none = await cli("plan");
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/no_active_prompts/);
  });

  it("prints the current design and a proposal; --json is the route's body", async () => {
    for (let i = 0; i < 8; i++) {
      const added = await fetch(`${api.url}/api/v1/workspaces/${api.slug}/prompts`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${env.GEOPULSE_API_KEY}`,
        },
        body: JSON.stringify({
          text: `Which analytics tool for team ${i}?`,
          category: "discovery",
          language: "en",
        }),
      });
      expect(added.status).toBe(201);
    }
    const human = await cli(
      "plan",
      "--prompts",
      "40",
      "--repetitions",
      "1",
      "--runs-per-week",
      "3",
    );
    expect(human.code, human.stderr).toBe(0);
    const lines = human.stdout.split("\n");
    expect(lines[0]).toMatch(
      /^DESIGN\s+PRESET\s+PROMPTS\s+ENGINES\s+REPS\s+RUNS\/WEEK\s+CREDITS\/MONTH/,
    );
    expect(lines[1]).toMatch(/^current\s+standard\s+8\s+\d+\s+2\s+7\s+at most \$/);
    expect(lines[2]).toMatch(/^proposed\s+standard\s+40\s+\d+\s+1\s+3\s+at most \$/);
    expect(lines[4]).toBe(
      "Precision of the brand's metrics, from priors (no history yet); 95% intervals, change at 80% power:",
    );
    expect(lines[5]).toMatch(/^DESIGN\s+METRIC\s+DAY\s+WEEK\s+DETECTABLE\/WEEK/);
    expect(lines[6]).toMatch(/^current\s+visibility\s+±\d+\.\d pt\s+±\d+\.\d pt\s+\d+\.\d pt$/);
    expect(lines[7]).toMatch(/^current\s+share of voice\s+±\d+\.\d pt\s+±\d+\.\d pt\s+\d+\.\d pt$/);
    expect(lines[8]).toMatch(/^proposed\s+visibility\s+/);
    expect(lines[9]).toMatch(/^proposed\s+share of voice\s+/);
    const json = JSON.parse((await cli("plan", "--json", "--prompts", "40")).stdout);
    expect(json).toMatchObject({
      basis: "prior",
      current: { prompts: 8 },
      proposed: { prompts: 40 },
    });
  });

  it("checks its numbers before asking: exit 2", async () => {
    const bad = await cli("plan", "--runs-per-week", "9");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/expected an integer from 1 to 7/);
  });
});
