import type { MetricsWindow } from "@geopulse/api-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { windowText } from "../src/commands/window.js";
import { run } from "../src/index.js";
import { memoryIo, removeTempDirs, startTestApi, type TestApi, tempDir } from "./helpers.js";

/** `geopulse window` in-process against the real server, and its table. */
let api: TestApi;
let env: Record<string, string>;
beforeAll(async () => {
  api = await startTestApi("cliwindow");
  const key = await api.createKey(["workspace:read", "metrics:read"]);
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

const estimate = (value: number, n: number) => ({
  value,
  ciLow: value - 0.05,
  ciHigh: value + 0.05,
  n,
  intervalUnit: "prompt-and-day" as const,
});

describe("geopulse window", () => {
  it("--json is the route's body; a window without answers says so; --days 28 asks for 28", async () => {
    const json = JSON.parse((await cli("window", "--json", "--to", "2026-05-31")).stdout);
    expect(json).toMatchObject({
      days: 7,
      current: { from: "2026-05-25", to: "2026-05-31", runDays: 0, responses: 0 },
      previous: { from: "2026-05-18", to: "2026-05-24" },
    });
    const month = JSON.parse(
      (await cli("window", "--json", "--days", "28", "--to", "2026-05-31")).stdout,
    );
    expect(month.current.from).toBe("2026-05-04");
    const human = await cli("window", "--to", "2026-05-31");
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain("No answers in this window.");
  });

  it("refuses a window other than 7 or 28 days: exit 2", async () => {
    const bad = await cli("window", "--days", "14");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--days/);
  });

  it("prints each entity's estimates and changes, ↑/↓ only when significant", () => {
    const view: MetricsWindow = {
      days: 7,
      current: { from: "2026-07-08", to: "2026-07-14", runDays: 7, prompts: 10, responses: 280 },
      previous: { from: "2026-07-01", to: "2026-07-07", runDays: 7, prompts: 10, responses: 280 },
      entities: [
        {
          entityId: "self",
          entity: "acme",
          isSelf: true,
          composite: {
            current: {
              value: 42,
              ciLow: 38.1,
              ciHigh: 45.9,
              n: 280,
              intervalUnit: "prompt-and-day",
            },
            previous: { value: 35, ciLow: 31, ciHigh: 39, n: 280, intervalUnit: "prompt-and-day" },
            change: { delta: 7, ciLow: 2.5, ciHigh: 11.5, significant: true },
          },
          visibility: {
            current: estimate(0.6, 280),
            previous: estimate(0.3, 280),
            change: { delta: 0.3, ciLow: 0.2, ciHigh: 0.4, significant: true },
          },
          shareOfVoice: {
            current: estimate(0.55, 300),
            previous: estimate(0.4, 250),
            change: { delta: 0.15, ciLow: -0.01, ciHigh: 0.31, significant: false },
          },
          citationShare: {
            current: estimate(0.4, 200),
            previous: estimate(0.4, 210),
            change: { delta: 0, ciLow: -0.1, ciHigh: 0.1, significant: false },
          },
          recommendationRate: {
            current: estimate(0.3, 280),
            previous: estimate(0.2, 280),
            change: { delta: 0.1, ciLow: 0.02, ciHigh: 0.18, significant: true },
          },
          shortlistShare: {
            current: estimate(0.25, 280),
            previous: estimate(0.2, 280),
            change: null,
          },
        },
      ],
    };
    const lines = windowText(view).split("\n");
    expect(lines[0]).toBe(
      "2026-07-08 to 2026-07-14: 7 run days, 10 prompts, 280 answers (before: 2026-07-01 to 2026-07-07, 7 run days, 280 answers)",
    );
    expect(lines[1]).toMatch(/^ENTITY\s+COMPOSITE\s+CHANGE$/);
    expect(lines[2]).toMatch(
      /^acme \(you\)\s+42\.0 \(38\.1–45\.9\)\s+\+7\.0 \(95% \+2\.5 to \+11\.5\) ↑$/,
    );
    expect(lines[5]).toMatch(
      /^acme \(you\)\s+60\.0% \(55\.0%–65\.0%\)\s+\+30\.0 pt \(95% \+20\.0 to \+40\.0\) ↑\s+55\.0% \(50\.0%–60\.0%\)\s+\+15\.0 pt \(95% -1\.0 to \+31\.0\)\s+40\.0% \(35\.0%–45\.0%\)\s+0\.0 pt \(95% -10\.0 to \+10\.0\)$/,
    );
    expect(lines[7]).toMatch(/^ENTITY\s+RECOMMENDED IN\s+CHANGE\s+SHORTLISTED IN\s+CHANGE$/);
    expect(lines[8]).toMatch(
      /^acme \(you\)\s+30\.0% \(25\.0%–35\.0%\)\s+\+10\.0 pt \(95% \+2\.0 to \+18\.0\) ↑\s+25\.0% \(20\.0%–30\.0%\)\s+-$/,
    );
  });
});
