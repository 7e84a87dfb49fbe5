import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, NotFoundError } from "../src/index.js";
import { envelope, FakeApi } from "./fake-api.js";

let api: FakeApi;
beforeAll(async () => {
  api = await new FakeApi().start();
});
afterAll(() => api.stop());

const client = () =>
  createClient({ apiKey: `gp_live_${"a".repeat(43)}`, baseUrl: api.url, maxRetries: 0 });

describe("reports.download", () => {
  it("returns the body's bytes untouched with its content type and file name", async () => {
    const pdf = Uint8Array.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x80, 0x0a]);
    api.replies.push({
      status: 200,
      raw: pdf,
      headers: {
        "content-type": "application/pdf",
        "content-disposition":
          'attachment; filename="acme-cited_sources-2026-03-01_2026-03-07.pdf"',
      },
    });
    const file = await client().reports.download("acme", "rpt_1", { format: "pdf" });
    expect(file).toEqual({
      contentType: "application/pdf",
      filename: "acme-cited_sources-2026-03-01_2026-03-07.pdf",
      bytes: pdf,
    });
    expect(api.seen.at(-1)?.path).toBe("/api/v1/workspaces/acme/reports/rpt_1?format=pdf");
  });

  it("sends the CSV section and reads a shared report without a key", async () => {
    api.replies.push({
      status: 200,
      raw: new TextEncoder().encode("Domain,Count\r\nexample.com,3\r\n"),
      headers: { "content-type": "text/csv; charset=utf-8" },
    });
    const file = await createClient({ baseUrl: api.url }).sharedReports.download("gpr_x", {
      format: "csv",
      section: "domains",
    });
    expect(new TextDecoder().decode(file.bytes)).toBe("Domain,Count\r\nexample.com,3\r\n");
    expect(file.filename).toBeNull();
    const seen = api.seen.at(-1);
    expect(seen?.path).toBe("/api/v1/shared-reports/gpr_x?format=csv&section=domains");
    expect(seen?.headers.authorization).toBeUndefined();
  });

  it("throws the typed error of an error answer", async () => {
    api.replies.push({ status: 404, body: envelope("not_found") });
    await expect(client().reports.download("acme", "rpt_2")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("catalog is the report catalog's get", async () => {
    api.replies.push({ status: 200, body: { data: [] } });
    expect(await client().reports.catalog("acme")).toEqual({ data: [] });
    expect(api.seen.at(-1)?.path).toBe("/api/v1/workspaces/acme/report-catalog");
  });
});
