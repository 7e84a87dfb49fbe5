import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../src/index.js";
import { memoryIo, removeTempDirs, startTestApi, type TestApi, tempDir } from "./helpers.js";

/** `geopulse reports` in-process against the real server, on a stored report. */
let api: TestApi;
let env: Record<string, string>;
const reportId = "rpt_01JD8Z0000000000000000000A";

beforeAll(async () => {
  api = await startTestApi("clireports");
  const key = await api.createKey(["reports:read"]);
  env = { GEOPULSE_CONFIG_DIR: await tempDir(), GEOPULSE_BASE_URL: api.url, GEOPULSE_API_KEY: key };
  // A stored report as generation writes it (generation itself is tested in apps/server).
  const prisma = api.server.ctx.prisma;
  const workspace = await prisma.workspace.findUniqueOrThrow({ where: { slug: api.slug } });
  const period = { from: "2026-03-02", to: "2026-03-08" };
  const document = {
    type: "cited_sources",
    title: "Cited sources: clireports, 2026-03-02 to 2026-03-08",
    workspace: { slug: api.slug, brand: "clireports" },
    period,
    generatedAt: "2026-03-09T00:00:05.000Z",
    trigger: "schedule",
    parameters: { ...period, limit: 25 },
    summary: [{ label: "Domains cited", value: "2" }],
    sections: ["domains", "urls", "latest_day_domains", "new_sources", "lost_sources"].map(
      (id) => ({
        id,
        title: id,
        table: {
          columns: [
            { key: "domain", label: "Domain", type: "text" },
            { key: "count", label: "Citing answers", type: "integer" },
          ],
          rows:
            id === "domains"
              ? [
                  { domain: "example.com", count: 3 },
                  { domain: "=cmd|' /C calc'!A0", count: 1 },
                ]
              : [],
        },
      }),
    ),
  };
  await prisma.report.create({
    data: {
      id: reportId,
      workspaceId: workspace.id,
      type: "cited_sources",
      periodFrom: new Date("2026-03-02T00:00:00Z"),
      periodTo: new Date("2026-03-08T00:00:00Z"),
      trigger: "schedule",
      title: document.title,
      parameters: document.parameters,
      document,
      generatedAt: new Date(document.generatedAt),
    },
  });
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

describe("geopulse reports", () => {
  it("catalog lists every type, as a table and as JSON", async () => {
    const human = await cli("reports", "catalog");
    expect(human.code).toBe(0);
    expect(human.stdout).toContain("visibility_summary");
    expect(human.stdout).toContain("page_evaluations_digest");
    expect(human.stdout).toContain("surface_gap");
    const json = JSON.parse((await cli("reports", "catalog", "--json")).stdout);
    expect(json.data).toHaveLength(7);
  });

  it("list shows the stored reports, filtered by type", async () => {
    const human = await cli("reports", "list");
    expect(human.code).toBe(0);
    expect(human.stdout).toContain(reportId);
    expect(human.stdout).toContain("2026-03-02 to 2026-03-08");
    const json = JSON.parse((await cli("reports", "list", "--json")).stdout);
    expect(json.map((r: any) => r.id)).toEqual([reportId]);
    const none = await cli("reports", "list", "--type", "prompt_detail", "--json");
    expect(JSON.parse(none.stdout)).toEqual([]);
  });

  it("get shows the report's headline and sections, or its JSON", async () => {
    const human = await cli("reports", "get", reportId);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain("Domains cited");
    expect(human.stdout).toContain("domains, urls");
    const json = JSON.parse((await cli("reports", "get", reportId, "--json")).stdout);
    expect(json).toMatchObject({ id: reportId, type: "cited_sources" });
  });

  it("get --format csv -o writes the section's table as a file", async () => {
    const file = join(await tempDir(), "domains.csv");
    const done = await cli("reports", "get", reportId, "--format", "csv", "-o", file, "--json");
    expect(done.code).toBe(0);
    expect(JSON.parse(done.stdout)).toMatchObject({
      file,
      contentType: "text/csv; charset=utf-8",
      filename: `${api.slug}-cited_sources-2026-03-02_2026-03-08.csv`,
    });
    const rows = parse(await readFile(file, "utf8")) as string[][];
    expect(rows).toEqual([
      ["Domain", "Citing answers"],
      ["example.com", "3"],
      ["'=cmd|' /C calc'!A0", "1"],
    ]);
    const stdout = await cli("reports", "get", reportId, "--format", "csv", "--section", "urls");
    expect(stdout.stdout).toBe("Domain,Citing answers\r\n");
  });

  it("get --format json -o writes the exact bytes the API sent", async () => {
    const file = join(await tempDir(), "report.json");
    const done = await cli("reports", "get", reportId, "--format", "json", "-o", file);
    expect(done.code).toBe(0);
    expect(done.stderr).toContain(`Wrote ${file}`);
    const direct = await fetch(
      `${api.url}/api/v1/workspaces/${api.slug}/reports/${reportId}?format=json`,
      { headers: { authorization: `Bearer ${env.GEOPULSE_API_KEY}` } },
    );
    expect(Buffer.from(await readFile(file)).equals(Buffer.from(await direct.arrayBuffer()))).toBe(
      true,
    );
  });

  it("an unknown report exits with the not-found code", async () => {
    const missing = await cli("reports", "get", "rpt_01JD8Z0000000000000000000B");
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("not found");
  });
});
