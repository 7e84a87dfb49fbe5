import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wilsonInterval } from "../../src/metrics/intervals.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { runAndWait } from "../metrics/metrics-fixtures.js";
import { seedPrompts } from "../runs/run-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
let promptId: string;
const days = ["2026-03-04", "2026-03-05"];

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  t.clock.set(`${days[0]}T09:00:00.000Z`);
  cookie = await t.signIn("prompt-visibility@example.com");
  slug = await t.createWorkspace(cookie, { brand: "acme" });
  await seedPrompts(t, slug, 3);
  await runAndWait(t, slug, cookie);
  t.clock.set(`${days[1]}T09:00:00.000Z`);
  await runAndWait(t, slug, cookie);
  promptId = (await t.server.ctx.prisma.prompt.findFirstOrThrow({ where: { workspace: { slug } } }))
    .id;
}, 120_000);
afterAll(() => t.close());

const get = (query = "") =>
  t.request<any>("GET", `/api/v1/workspaces/${slug}/prompts/${promptId}/visibility${query}`, {
    cookie,
  });

/** The stored answers of the prompt since a day: per engine, how many and how many name the brand. */
async function storedSince(day: string) {
  const answers = await t.server.ctx.prisma.engineResponse.findMany({
    where: {
      promptId,
      status: "succeeded",
      run: { createdAt: { gte: new Date(`${day}T00:00:00Z`) } },
    },
    include: { mentions: { where: { isSelf: true } } },
  });
  const byEngine: Record<string, { n: number; mentioned: number }> = {};
  for (const a of answers) {
    const row = byEngine[a.engine] ?? { n: 0, mentioned: 0 };
    byEngine[a.engine] = row;
    row.n += 1;
    if (a.mentions.length > 0) row.mentioned += 1;
  }
  return byEngine;
}

describe("GET .../prompts/{promptId}/visibility", () => {
  it("per engine: the share of the prompt's answers naming the brand, with its Wilson interval", async () => {
    const response = await get();
    expect(response.status, response.text).toBe(200);
    expect(response.body.promptId).toBe(promptId);
    expect(response.body.to).toBe(days[1]);
    const stored = await storedSince(days[0] as string);
    expect(response.body.engines.map((e: any) => e.engine)).toEqual(Object.keys(stored).sort());
    for (const e of response.body.engines) {
      const { n, mentioned } = stored[e.engine] as { n: number; mentioned: number };
      const [ciLow, ciHigh] = wilsonInterval(mentioned, n);
      expect(e).toEqual({
        engine: e.engine,
        mentioned,
        visibility: { value: mentioned / n, ciLow, ciHigh, n },
      });
      expect(n).toBeGreaterThan(0);
    }
  });

  it("`days` narrows to the latest days (1 = today only)", async () => {
    const response = await get("?days=1");
    expect(response.status).toBe(200);
    expect(response.body.from).toBe(days[1]);
    const stored = await storedSince(days[1] as string);
    for (const e of response.body.engines)
      expect(e.visibility.n).toBe((stored[e.engine] as { n: number }).n);
  });

  it("a prompt without answers has no engines", async () => {
    const created = await t.request<any>("POST", `/api/v1/workspaces/${slug}/prompts`, {
      cookie,
      body: { text: "never asked yet", category: "discovery", language: "en" },
    });
    const response = await t.request<any>(
      "GET",
      `/api/v1/workspaces/${slug}/prompts/${created.body.promptId}/visibility`,
      { cookie },
    );
    expect(response.status).toBe(200);
    expect(response.body.engines).toEqual([]);
  });

  it("a key with metrics:read may read it", async () => {
    const key = await t.mintKey(cookie, slug, ["metrics:read"]);
    const response = await t.request<any>(
      "GET",
      `/api/v1/workspaces/${slug}/prompts/${promptId}/visibility`,
      { bearer: key.secret },
    );
    expect(response.status).toBe(200);
  });
});
