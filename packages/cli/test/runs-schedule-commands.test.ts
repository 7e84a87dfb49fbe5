import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../src/index.js";
import { memoryIo, removeTempDirs, startTestApi, type TestApi, tempDir } from "./helpers.js";

/** Schedule, prompts and run-detail commands in-process against the real server. */
let api: TestApi;
let env: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi("clisched");
  const key = await api.createKey([
    "workspace:read",
    "runs:read",
    "runs:write",
    "prompts:read",
    "prompts:write",
    "metrics:read",
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

describe("geopulse schedule", () => {
  it("get says there is none, as text on stderr and as JSON", async () => {
    const human = await cli("schedule", "get");
    expect(human).toMatchObject({ code: 0, stdout: "" });
    expect(human.stderr).toContain("No run schedule");
    const json = await cli("schedule", "get", "--json");
    expect(JSON.parse(json.stdout)).toEqual({
      enabled: false,
      cron: null,
      timezone: null,
      preset: null,
      nextRunAt: null,
      lastRunAt: null,
      lastOutcome: null,
      seoRefresh: { enabled: false, lastRunAt: null, lastOutcome: null },
      confirmations: {
        monthlyBudgetMicrousd: null,
        spentThisMonthMicrousd: 0,
        lastRunAt: null,
        lastOutcome: null,
      },
    });
  });

  it("set stores the schedule and prints it with its next occurrence", async () => {
    const set = await cli(
      "schedule",
      "set",
      "--cron",
      "0 6 * * *",
      "--timezone",
      "Europe/Madrid",
      "--preset",
      "smoke",
      "--json",
    );
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout)).toMatchObject({
      enabled: true,
      cron: "0 6 * * *",
      timezone: "Europe/Madrid",
      preset: "smoke",
      nextRunAt: expect.stringMatching(/T0[45]:00:00/),
    });
    expect(set.stderr).toMatch(/^Schedule set; next run \d{4}-\d\d-\d\d 0[45]:00Z\.$/m);
    const human = await cli("schedule", "get");
    expect(human.stdout).toMatch(/^Cron\s+0 6 \* \* \*$/m);
    expect(human.stdout).toMatch(/^Time zone\s+Europe\/Madrid$/m);
    expect(human.stdout).toMatch(/^Preset\s+smoke$/m);
    expect(human.stdout).toMatch(/^Last outcome\s+-$/m);
  });

  it("set --seo-refresh turns the daily SEO refresh on; a set without the flag keeps it", async () => {
    const on = await cli("schedule", "set", "--cron", "0 6 * * *", "--seo-refresh", "--json");
    expect(on.code, on.stderr).toBe(0);
    expect(JSON.parse(on.stdout).seoRefresh).toEqual({
      enabled: true,
      lastRunAt: null,
      lastOutcome: null,
    });
    const kept = await cli("schedule", "set", "--cron", "0 7 * * *", "--json");
    expect(JSON.parse(kept.stdout).seoRefresh.enabled).toBe(true);
    expect((await cli("schedule", "get")).stdout).toMatch(/^SEO refresh\s+daily$/m);
    const off = await cli("schedule", "set", "--cron", "0 7 * * *", "--no-seo-refresh", "--json");
    expect(JSON.parse(off.stdout).seoRefresh.enabled).toBe(false);
    expect((await cli("schedule", "get")).stdout).toMatch(/^SEO refresh\s+off$/m);
  });

  it("set --confirmation-budget sets adaptive sampling's monthly budget in dollars; off clears it", async () => {
    const on = await cli("schedule", "set", "--cron", "0 7 * * *", "--confirmation-budget", "12.5");
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout).toMatch(/^Confirmations\s+\$0\.00 of \$12\.50 this month$/m);
    const kept = await cli("schedule", "set", "--cron", "0 7 * * *", "--json");
    expect(JSON.parse(kept.stdout).confirmations.monthlyBudgetMicrousd).toBe(12_500_000);
    const off = await cli("schedule", "set", "--cron", "0 7 * * *", "--confirmation-budget", "off");
    expect(off.code, off.stderr + off.stdout).toBe(0);
    expect(off.stdout).toMatch(/^Confirmations\s+off$/m);
    const bad = await cli(
      "schedule",
      "set",
      "--cron",
      "0 7 * * *",
      "--confirmation-budget",
      "5.123",
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("dollars a month");
  });

  it("confirmations lists none yet, as a note on stderr and as JSON; runs list --purpose filters", async () => {
    const none = await cli("confirmations");
    expect(none).toMatchObject({ code: 0, stdout: "" });
    expect(none.stderr).toContain("No confirmations");
    expect(
      JSON.parse((await cli("confirmations", "--status", "collecting", "--json")).stdout),
    ).toEqual([]);
    expect((await cli("confirmations", "--status", "maybe")).code).toBe(2);
    const runs = await cli("runs", "list", "--purpose", "confirmation", "--json");
    expect(runs.code, runs.stderr).toBe(0);
    expect(JSON.parse(runs.stdout)).toEqual([]);
  });

  it("exits 2 with the server's reason for an invalid cron or time zone", async () => {
    const twice = await cli("schedule", "set", "--cron", "0 6,18 * * *");
    expect(twice.code).toBe(2);
    expect(twice.stdout).toBe("");
    expect(twice.stderr).toMatch(/^error: invalid_schedule: .+\(request req_[\w-]+\)$/m);
    expect(twice.stderr).toMatch(/^ {2}cron: .*once per day/m);
    const zone = await cli("schedule", "set", "--cron", "0 6 * * *", "--timezone", "Mars/Olympus");
    expect(zone.code).toBe(2);
    const preset = await cli("schedule", "set", "--cron", "0 6 * * *", "--preset", "huge");
    expect(preset.code).toBe(2);
  });

  it("delete removes it, and deleting again is fine", async () => {
    expect(await cli("schedule", "delete")).toMatchObject({
      code: 0,
      stdout: "",
      stderr: "Run schedule removed.\n",
    });
    expect((await cli("schedule", "delete")).code).toBe(0);
    expect(JSON.parse((await cli("schedule", "get", "--json")).stdout)).toMatchObject({
      enabled: false,
    });
  });
});

describe("geopulse prompts", () => {
  it("imports a CSV file and a JSON file, skipping repeats", async () => {
    const dir = await tempDir();
    const csv = join(dir, "prompts.csv");
    await writeFile(
      csv,
      "text,category,language,region,tags,active\n" +
        "Best CRM for startups?,discovery,en,,crm|smb,true\n" +
        "Top CRM tools in 2026?,discovery,en,,,\n",
    );
    const imported = await cli("prompts", "import", csv, "--json");
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toEqual({
      created: 2,
      skipped: 0,
      deactivated: 0,
      errors: 0,
    });
    expect(imported.stderr).toMatch(/^Imported 2 prompt\(s\): 0 repeated skipped/m);

    const json = join(dir, "prompts.json");
    await writeFile(
      json,
      JSON.stringify([
        { text: "Best CRM for startups?", category: "discovery", language: "en" },
        { text: "Cheapest CRM with an API?", category: "discovery", language: "en" },
      ]),
    );
    const again = await cli("prompts", "import", json);
    expect(again).toMatchObject({ code: 0, stdout: "" });
    expect(again.stderr).toMatch(/^Imported 1 prompt\(s\): 1 repeated skipped/m);
  });

  it("exits 2 for a bad row (naming it), an unknown file type or a missing file", async () => {
    const dir = await tempDir();
    const csv = join(dir, "bad.csv");
    await writeFile(
      csv,
      "text,category,language,region,tags,active\nSome question?,nonsense,en,,,\n",
    );
    const bad = await cli("prompts", "import", csv);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: invalid_request: /m);
    expect(bad.stderr).toMatch(/csv\.row\[1\]\.category/);
    expect((await cli("prompts", "import", join(dir, "prompts.txt"))).code).toBe(2);
    const missing = await cli("prompts", "import", join(dir, "missing.json"));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error: cannot read /);
  });

  it("lists prompts as a table, as JSON, filtered and limited", async () => {
    const human = await cli("prompts", "list");
    expect(human.code).toBe(0);
    expect(human.stdout.split("\n")[0]).toMatch(
      /^PROMPT\s+CATEGORY\s+LANG\s+ACTIVE\s+SOURCE\s+TEXT$/,
    );
    expect(human.stdout).toMatch(
      /prm_\w+\s+discovery\s+en\s+yes\s+import\s+Best CRM for startups\?/,
    );
    const all = JSON.parse((await cli("prompts", "list", "--json")).stdout);
    expect(all).toHaveLength(3);
    expect(all[0]).toMatchObject({ promptId: expect.stringMatching(/^prm_/), source: "import" });
    const limited = JSON.parse((await cli("prompts", "list", "--json", "--limit", "1")).stdout);
    expect(limited).toHaveLength(1);
    const found = await cli("prompts", "list", "--json", "--search", "cheapest");
    expect(JSON.parse(found.stdout)).toEqual([
      expect.objectContaining({ text: "Cheapest CRM with an API?" }),
    ]);
    expect((await cli("prompts", "list", "--inactive")).stderr).toBe("No prompts.\n");
  });
});

describe("geopulse runs get / responses / cancel", () => {
  let runId: string;
  beforeAll(async () => {
    const started = await cli("runs", "start", "--preset", "smoke", "--wait", "--json");
    expect(started.code, started.stderr).toBe(0);
    runId = JSON.parse(started.stdout).runId;
  });

  it("estimate shows what a run would ask and reserve, for people and as JSON", async () => {
    const json = await cli("runs", "estimate", "--preset", "smoke", "--json");
    expect(json.code, json.stderr).toBe(0);
    const estimate = JSON.parse(json.stdout);
    expect(estimate).toMatchObject({ preset: "smoke", simulated: true, totalAnswers: 3 });
    expect(estimate.estimateMicrousd).toBeGreaterThan(0);
    const human = await cli("runs", "estimate");
    expect(human.stdout).toMatch(/^Answers\s+3$/m);
    expect(human.stdout).toMatch(/^Reserve\s+\$\d/m);
    expect((await cli("runs", "estimate", "--preset", "huge")).code).toBe(2);
  });

  it("get shows the run for people and as JSON", async () => {
    const human = await cli("runs", "get", runId);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(new RegExp(`^Run\\s+${runId}$`, "m"));
    expect(human.stdout).toMatch(/^Status\s+succeeded$/m);
    expect(human.stdout).toMatch(/^Answers\s+3\/3 done, 0 failed, 0 pending$/m);
    const json = JSON.parse((await cli("runs", "get", runId, "--json")).stdout);
    expect(json).toMatchObject({ runId, status: "succeeded", progress: { total: 3 } });
  });

  it("responses follows the pages, or stops at --limit", async () => {
    const all = JSON.parse((await cli("runs", "responses", runId, "--json")).stdout);
    expect(all).toHaveLength(3);
    expect(all[0]).toMatchObject({
      responseId: expect.any(String),
      status: "succeeded",
      simulated: true,
    });
    const two = JSON.parse(
      (await cli("runs", "responses", runId, "--json", "--limit", "2")).stdout,
    );
    expect(two.map((r: { responseId: string }) => r.responseId)).toEqual(
      all.slice(0, 2).map((r: { responseId: string }) => r.responseId),
    );
    const human = await cli("runs", "responses", runId);
    expect(human.stdout.split("\n")[0]).toMatch(
      /^ENGINE\s+REP\s+STATUS\s+CITATIONS\s+COST\s+COMPLETED\s+PROMPT$/,
    );
    expect(human.stderr).toContain("* simulated engine");
  });

  it("cancel of a finished run exits 1 with run_finished; an unknown run exits 3", async () => {
    const finished = await cli("runs", "cancel", runId);
    expect(finished.code).toBe(1);
    expect(finished.stderr).toMatch(/^error: run_finished: /m);
    const unknown = await cli("runs", "get", `run_${"0".repeat(26)}`);
    expect(unknown.code).toBe(3);
  });
});
