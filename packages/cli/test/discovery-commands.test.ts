import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../src/index.js";
import { memoryIo, removeTempDirs, startTestApi, type TestApi, tempDir } from "./helpers.js";

/**
 * Prompt generation, research and suggestions in-process against the real
 * server (local mode without provider keys: the simulated generator and provider).
 */
let api: TestApi;
let env: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi("clidisc");
  const key = await api.createKey([
    "workspace:read",
    "runs:read",
    "runs:write",
    "prompts:read",
    "prompts:write",
  ]);
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
const json = async (...args: string[]) => {
  const result = await cli(...args, "--json");
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
};

describe("geopulse prompts generate", () => {
  it("--wait follows the generation on stderr and prints it as JSON", async () => {
    const result = await cli(
      "prompts",
      "generate",
      "--count",
      "4",
      "--per-call",
      "2",
      "--wait",
      "--json",
    );
    expect(result.code, result.stderr).toBe(0);
    const generation = JSON.parse(result.stdout);
    expect(generation).toMatchObject({
      generationId: expect.stringMatching(/^pgn_/),
      status: "succeeded",
      simulated: true,
      requestedCount: 4,
      callsPlanned: 2,
      callsMade: 2,
      targets: [{ category: "discovery", language: "en", count: 4 }],
    });
    expect(generation.suggestionCount).toBeGreaterThan(0);
    expect(result.stderr).toMatch(
      /^Started generation pgn_\w+ \(4 prompts in 2 call\(s\), reserved \$0\.50, simulated generator\)\.$/m,
    );
    expect(result.stderr).toMatch(/^succeeded 2\/2 calls$/m);
    expect(result.stderr).toMatch(/^Generation pgn_\w+ succeeded: \d+ suggestion\(s\)/m);
  });

  it("without --wait prints only the queued generation; generations lists it", async () => {
    const started = await cli("prompts", "generate", "--count", "2");
    expect(started).toMatchObject({ code: 0, stdout: "" });
    expect(started.stderr).toMatch(/^Started generation pgn_\w+/);
    const list = await cli("prompts", "generations");
    expect(list.stdout.split("\n")[0]).toMatch(/^GENERATION\s+STATUS\s+GENERATOR\s+REQUESTED/);
    const [newest] = await json("prompts", "generations", "--limit", "1");
    expect(newest).toMatchObject({ requestedCount: 2 });
    const one = await cli("prompts", "generations", newest.generationId);
    expect(one.stdout).toMatch(new RegExp(`^Generation\\s+${newest.generationId}$`, "m"));
  });

  it("exits 2 for bad input, locally or from the server", async () => {
    expect((await cli("prompts", "generate")).code).toBe(2); // --count is required
    expect((await cli("prompts", "generate", "--count", "301")).code).toBe(2);
    expect((await cli("prompts", "generate", "--count", "3", "--language", "de")).code).toBe(2);
    // Every quota but discovery is 0 in this workspace: the server refuses.
    const zero = await cli("prompts", "generate", "--count", "3", "--category", "comparison");
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(/^error: invalid_request: /m);
    expect(zero.stderr).toMatch(/^ {2}body\.categories: /m);
  });
});

describe("geopulse research", () => {
  it("start --wait runs the simulated provider; get shows calls and sources", async () => {
    const result = await cli(
      "research",
      "start",
      "--seed",
      "crm software",
      "--seed",
      "sales pipeline",
      "--max-calls",
      "2",
      "--wait",
      "--json",
    );
    expect(result.code, result.stderr).toBe(0);
    const job = JSON.parse(result.stdout);
    expect(job).toMatchObject({
      researchId: expect.stringMatching(/^rsj_/),
      status: "succeeded",
      simulated: true,
      seeds: ["crm software", "sales pipeline"],
    });
    expect(result.stderr).toMatch(
      /^Started research rsj_\w+ \(simulated: 2 call\(s\) over 2 seed\(s\)/m,
    );
    expect(result.stderr).toMatch(/^succeeded 2\/2 calls$/m);

    const human = await cli("research", "get", job.researchId);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^Status\s+succeeded$/m);
    expect(human.stdout).toMatch(/^PROVIDER\s+CAP\s+PLANNED\s+MADE\s+FAILED$/m);
    expect(await json("research", "get", job.researchId)).toEqual(job);
    const listed = await json("research", "list");
    expect(listed.map((j: { researchId: string }) => j.researchId)).toEqual([job.researchId]);
  });

  it("exits 2 for an unknown provider, 3 for an unknown job", async () => {
    expect((await cli("research", "start", "--provider", "google")).code).toBe(2);
    expect((await cli("research", "get", `rsj_${"0".repeat(26)}`)).code).toBe(3);
  });
});

describe("geopulse suggestions", () => {
  it("lists pending suggestions as a table and as JSON, filtered by source", async () => {
    const human = await cli("suggestions", "list", "--status", "pending");
    expect(human.code).toBe(0);
    expect(human.stdout.split("\n")[0]).toMatch(
      /^SUGGESTION\s+STATUS\s+CATEGORY\s+LANG\s+SOURCE\s+TEXT$/,
    );
    expect(human.stdout).toMatch(/sug_\w+\s+pending\s+\w+\s+en\s+simulated\*/);
    // The "*" is explained under the table (on stderr, so stdout stays a table).
    expect(human.stderr).toContain("* simulated: ");
    const fromResearch = await json("suggestions", "list", "--source", "research");
    expect(fromResearch.length).toBeGreaterThan(0);
    for (const s of fromResearch)
      expect(s).toMatchObject({ source: "research", researchId: expect.any(String) });
    expect(await json("suggestions", "list", "--limit", "1")).toHaveLength(1);
  });

  it("accepts one, then several at once, and dismisses one", async () => {
    const pending = await json(
      "suggestions",
      "list",
      "--status",
      "pending",
      "--source",
      "generation",
    );
    expect(pending.length).toBeGreaterThanOrEqual(4);
    const [first, second, third, fourth] = pending.map(
      (s: { suggestionId: string }) => s.suggestionId,
    );

    const one = await cli("suggestions", "accept", first, "--json");
    expect(one.code, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual([
      {
        suggestion: expect.objectContaining({ suggestionId: first, status: "accepted" }),
        prompt: expect.objectContaining({
          promptId: expect.stringMatching(/^prm_/),
          source: "generated",
          active: true,
        }),
      },
    ]);
    expect(one.stderr).toMatch(new RegExp(`^Accepted ${first} as prm_\\w+: `, "m"));

    const many = await cli("suggestions", "accept", second, third, "--no-active");
    expect(many).toMatchObject({ code: 0, stdout: "" });
    expect(many.stderr.match(/^Accepted sug_\w+ as prm_\w+ \(inactive\): /gm)).toHaveLength(2);

    const dismissed = await cli("suggestions", "dismiss", fourth, "--json");
    expect(dismissed.code).toBe(0);
    expect(JSON.parse(dismissed.stdout)).toMatchObject({
      suggestionId: fourth,
      status: "dismissed",
    });
    expect(dismissed.stderr).toBe(`Dismissed ${fourth}.\n`);

    // Deciding again is a conflict (exit 1); an unknown id is not found (exit 3).
    const again = await cli("suggestions", "accept", fourth);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^error: already_decided: /m);
    expect((await cli("suggestions", "dismiss", `sug_${"0".repeat(26)}`)).code).toBe(3);
  });
});
