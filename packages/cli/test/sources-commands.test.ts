import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../src/index.js";
import { memoryIo, removeTempDirs, startTestApi, type TestApi, tempDir } from "./helpers.js";

/** `geopulse sources …` in-process against the real server, after a simulated run. */
let api: TestApi;
let env: Record<string, string>;

beforeAll(async () => {
  api = await startTestApi("clisources");
  await api.seedPrompts(
    [1, 2, 3].map((i) => ({
      id: `prm_01JCLISRC00000000000000${i}0`,
      text: `Best analytics tool number ${i}?`,
    })),
  );
  const key = await api.createKey(["metrics:read", "runs:read", "runs:write", "workspace:read"]);
  env = { GEOPULSE_CONFIG_DIR: await tempDir(), GEOPULSE_BASE_URL: api.url, GEOPULSE_API_KEY: key };
  const started = await cli("runs", "start", "--preset", "smoke", "--wait", "--json");
  if (started.code !== 0) throw new Error(`run: ${started.stderr}`);
}, 120_000);
afterAll(async () => {
  await api?.server.close();
  await removeTempDirs();
});

async function cli(...args: string[]) {
  const io = memoryIo(env);
  const code = await run(args, io);
  return { code, stdout: io.out(), stderr: io.err() };
}

describe("geopulse sources", () => {
  it("lists the period's cited domains and URLs, as tables and as JSON", async () => {
    const json = await cli("sources", "--json", "--limit", "5");
    expect(json.code, json.stderr).toBe(0);
    const sources = JSON.parse(json.stdout);
    expect(sources.domains.length).toBeGreaterThan(0);
    expect(sources.domains.length).toBeLessThanOrEqual(5);
    const human = await cli("sources", "list");
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^Cited sources \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d/);
    expect(human.stdout).toMatch(/DOMAIN\s+TAXONOMY\s+CITING ANSWERS\s+PREVIOUS PERIOD/);
    expect(human.stdout).toContain(sources.domains[0].domain);
    expect(human.stdout).toContain("New domains");
  });

  it("shows the prompts citing one domain", async () => {
    const top = JSON.parse((await cli("sources", "--json")).stdout).domains[0];
    const human = await cli("sources", "show", top.domain);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain(`${top.domain} (${top.taxonomy})`);
    expect(human.stdout).toMatch(/Best analytics tool number \d\?/);
    const json = JSON.parse((await cli("sources", "show", top.domain, "--json")).stdout);
    expect(json.prompts.length).toBeGreaterThan(0);
  });

  it("says what to do for an empty period and refuses bad options", async () => {
    const empty = await cli("sources", "--from", "2020-01-01", "--to", "2020-01-31");
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain("start a run");
    const bad = await cli("sources", "--limit", "500");
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("expected an integer from 1 to 100");
    const backwards = await cli("sources", "--from", "2026-03-05", "--to", "2026-03-01");
    expect(backwards.code).not.toBe(0);
    expect(backwards.stderr).toContain("to must not be before from");
  });

  it("`surface-gap` says when no assistant was measured on two surfaces, as text and JSON", async () => {
    const json = await cli("surface-gap", "--json", "--limit", "5");
    expect(json.code, json.stderr).toBe(0);
    const gaps = JSON.parse(json.stdout);
    expect(gaps).toMatchObject({ pairs: [], minPairedPrompts: 10 });
    const human = await cli("surface-gap", "--from", gaps.period.from, "--to", gaps.period.to);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain(`Surface gap ${gaps.period.from} to ${gaps.period.to}: 0 pairs`);
    expect(human.stdout).toContain("No assistant was measured on two surfaces");
    const backwards = await cli("surface-gap", "--from", "2026-03-05", "--to", "2026-03-01");
    expect(backwards.code).not.toBe(0);
    expect(backwards.stderr).toContain("to must not be before from");
  });

  it("`answers` lists the answers behind a metric: the score's n, and a numerator with --match", async () => {
    const metrics = JSON.parse((await cli("metrics", "--json")).stdout);
    const json = await cli("answers", "--json", "--limit", "2");
    expect(json.code, json.stderr).toBe(0);
    const answers = JSON.parse(json.stdout);
    expect(answers.total).toBe(metrics.scoreboard.composite.n);
    expect(answers.data.length).toBe(Math.min(2, answers.total));
    const self = metrics.shareOfVoice.find((e: any) => e.isSelf);
    const naming = JSON.parse(
      (await cli("answers", "--match", "mentioned", "--entity", "self", "--json")).stdout,
    );
    expect(naming.total).toBe(Math.round(self.visibility.value * self.visibility.n));
    // Paired with an engine that answered nothing here: no prompt is paired.
    const paired = JSON.parse(
      (await cli("answers", "--paired-with", "chatgpt_app", "--json")).stdout,
    );
    expect(paired.total).toBe(0);
    const human = await cli("answers", "--limit", "2");
    expect(human.code, human.stderr).toBe(0);
    expect(answers.total).toBeGreaterThan(2);
    expect(human.stderr).toContain(`${answers.total} answers on ${answers.to} (showing 2)`);
    expect(human.stdout).toMatch(/ANSWER\s+ENGINE\s+REP\s+CITATIONS\s+PROMPT/);
    const refused = await cli("answers", "--entity", "self");
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("entity needs match");
  });
});
