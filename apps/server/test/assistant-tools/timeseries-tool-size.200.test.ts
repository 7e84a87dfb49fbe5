import { afterAll, beforeAll, expect, it } from "vitest";
import { callAssistantTool } from "../../src/services/assistant-tools/registry.js";
import { MAX_RESULT_BYTES } from "../../src/services/assistant-tools/result-bounds.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { seedVisibility } from "../metrics/change-fixtures.js";
import { operationFor } from "./tool-fixtures.js";

/**
 * `get_timeseries` on a long range of a workspace with competitors: every series keeps its
 * latest days within the result bound (the points grew a recommendation rate; a fixed size
 * per point let a 30-day call of five entities overflow, and the whole result became a note).
 */
let t: TestServer;
let slug: string;
const lastDay = "2026-06-30";

beforeAll(async () => {
  t = await startTestServer();
  t.clock.set(`${lastDay}T12:00:00.000Z`);
  const cookie = await t.signIn("series-size@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme" });
  await seedVisibility(t, slug, {
    days: 200,
    lastDay,
    prompts: 2,
    engines: ["openai"],
    rates: { self: 0.5, Globex: 0.4, Initech: 0.3 },
    seed: "series-size",
  });
}, 120_000);
afterAll(() => t.close());

it("keeps each series' latest days within the bound, never a bare note", async () => {
  const op = await operationFor(t, slug);
  const from = "2025-12-13";
  const result = await callAssistantTool({
    op,
    name: "get_timeseries",
    args: { from, to: lastDay },
  });
  const data = result.data as { series?: Array<{ truncatedDays: number; points: unknown[] }> };
  expect(Buffer.byteLength(JSON.stringify(result.data))).toBeLessThanOrEqual(MAX_RESULT_BYTES);
  expect(data.series?.length).toBeGreaterThanOrEqual(3);
  for (const s of data.series ?? []) {
    expect(s.points.length).toBeGreaterThan(20);
    expect(s.truncatedDays).toBeGreaterThan(0);
    expect(s.points.length + s.truncatedDays).toBe(200);
  }
});
