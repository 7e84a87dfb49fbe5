import { describe, expect, it } from "vitest";
import { test } from "../harness/shared-server.js";
import type { TestServer } from "../harness/test-server.js";
import { call, fieldsOf, importCsv, promptCount } from "./prompt-fixtures.js";

// Needs `express.text({ type: "text/csv" })` in src/app.ts, so the body reaches the handler as text.
let t: TestServer;
let cookie: string;
let slug: string;
test.beforeAll(async ({ sharedServer }) => {
  t = sharedServer;
  cookie = await t.signIn("csv-owner@example.com");
  slug = await t.createWorkspace(cookie, { brand: "import-csv", activeSetSize: 20 });
});

const header = "text,category,language,region,tags,active";
const csv = (...rows: string[]) => `${[header, ...rows].join("\r\n")}\r\n`;
const upload = (body: string) => importCsv(t, { cookie }, slug, body);

describe("POST /api/v1/workspaces/{workspace}/prompts/import (text/csv)", () => {
  it("imports rows with quoting, tags and defaults", async () => {
    const response = await upload(
      csv(
        '"Best tools, compared",comparison,en,us,b2b|tools,true',
        '"Say ""hello""\nin two lines",expert,es,,,false',
        "What is Acme?,brand_research,en,,,",
      ),
    );
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ created: 3, skipped: 0, deactivated: 0, errors: 0 });
    const list = (await call(t, { cookie }, "GET", slug, "/prompts")).body.data;
    expect(
      list.map((p: any) => [p.text, p.category, p.language, p.region, p.tags, p.active]),
    ).toEqual([
      ["What is Acme?", "brand_research", "en", null, [], true],
      ['Say "hello"\nin two lines', "expert", "es", null, [], false],
      ["Best tools, compared", "comparison", "en", "us", ["b2b", "tools"], true],
    ]);
    expect(list.every((p: any) => p.source === "import")).toBe(true);
  });

  it("takes the columns in any order, a BOM, and only the required ones", async () => {
    const response = await upload("\uFEFFlanguage,text,category\nen,Column order,discovery\n");
    expect(response.body).toMatchObject({ created: 1 });
  });

  it("skips repeats and deactivates past the active set", async () => {
    const rows = Array.from({ length: 20 }, (_, i) => `Row ${i},discovery,en,,,`);
    const response = await upload(csv("what is  ACME?,expert,en,,,", ...rows));
    expect(response.body).toEqual({ created: 20, skipped: 1, deactivated: 3, errors: 0 });
  });

  it("400 naming the row and column of a malformed row; nothing written", async () => {
    const before = await promptCount(t, slug);
    const response = await upload(
      csv(
        "Fine row,discovery,en,,,",
        "Another fine row,expert,en,,,",
        "Bad category row,other,en,,,",
        "Bad row,discovery,fr,EU,a|a,maybe",
        "ab,discovery,en,,,",
        "Too few fields,discovery",
      ),
    );
    expect(fieldsOf(response)).toEqual([
      "csv.row[3].category",
      "csv.row[4].language",
      "csv.row[4].region",
      "csv.row[4].tags",
      "csv.row[4].active",
      "csv.row[5].text",
      "csv.row[6]",
    ]);
    expect(await promptCount(t, slug)).toBe(before);
  });

  it("400 for a language the workspace does not use, by row", async () => {
    const response = await upload(
      csv("Fine row two,discovery,en,,,", "Hola que tal,discovery,ca,,,"),
    );
    expect(fieldsOf(response)).toEqual(["csv.row[2].language"]);
  });

  it("400 for broken CSV, a bad header, no rows or too many", async () => {
    expect(
      fieldsOf(await upload(csv("ok row,discovery,en,,,", '"unclosed,discovery,en,,,'))),
    ).toEqual(["csv.row[2]"]);
    expect(fieldsOf(await upload("text,category\nhello there,discovery\n"))).toEqual([
      "csv.header",
    ]);
    expect(fieldsOf(await upload(`${header},colour\nhello there,discovery,en,,,,red\n`))).toEqual([
      "csv.header[7]",
    ]);
    expect(fieldsOf(await upload(`${header}\n`))).toEqual(["csv"]);
    const many = Array.from({ length: 1001 }, (_, i) => `Many ${i},discovery,en,,,false`);
    expect(fieldsOf(await upload(csv(...many)))).toEqual(["csv"]);
  });

  it("accepts 1000 rows at once", async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => `Thousand ${i},discovery,en,,,false`);
    expect((await upload(csv(...rows))).body).toMatchObject({ created: 1000, errors: 0 });
  });
});
