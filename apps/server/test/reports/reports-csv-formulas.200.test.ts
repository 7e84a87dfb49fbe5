import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateReport } from "../../src/services/reports/generate-report.js";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { runAndWait, seedPrompt } from "../metrics/metrics-fixtures.js";
import { day1, period } from "./report-fixtures.js";

/**
 * The CSV formula guard (OWASP's list): a cell starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading `'`, so a spreadsheet shows it as text. A tab or CR before
 * the `=` is what spreadsheets skip before reading a formula.
 */
const hostile = [
  '\t=HYPERLINK("http://evil.example") tab first',
  "\r=1+1 carriage return first",
  "\t@SUM(1) tab then at",
];

let t: TestServer;
let cookie: string;
let slug: string;
let reportId: string;

beforeAll(async () => {
  t = await startTestServer({ env: { GEO_QUEUE_POLL_SECONDS: "0.5" } });
  t.clock.set(`${day1}T09:00:00.000Z`);
  cookie = await t.signIn("formulas@example.com");
  slug = await t.createWorkspace(cookie, { brand: "formulas" });
  for (const text of hostile) await seedPrompt(t, slug, "discovery", text);
  await runAndWait(t, slug, cookie, "smoke");
  const workspace = await t.server.ctx.prisma.workspace.findUniqueOrThrow({ where: { slug } });
  const made = await generateReport({
    ctx: t.server.ctx,
    workspaceId: workspace.id,
    type: "prompt_detail",
    period,
    trigger: "run",
  });
  reportId = made?.reportId as string;
}, 120_000);
afterAll(() => t.close());

describe("report CSV cells a spreadsheet would read as formulas", () => {
  it("a leading tab or carriage return is defused like =, +, - and @", async () => {
    const response = await t.request(
      "GET",
      `/api/v1/workspaces/${slug}/reports/${reportId}?format=csv&section=prompts`,
      { cookie },
    );
    expect(response.status, response.text).toBe(200);
    const rows = parse(response.text, { bom: false }) as string[][];
    const texts = rows.slice(1).map((row) => row[1]);
    expect(texts.sort()).toEqual(hostile.map((text) => `'${text}`).sort());
  });
});
