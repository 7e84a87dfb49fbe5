import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { call, fetchEnv, fieldsOf } from "./page-fixtures.js";

let t: TestServer;
let cookie: string;
let slug: string;
beforeAll(async () => {
  t = await startTestServer({ env: fetchEnv([80]) });
  cookie = await t.signIn("pages-400@example.com");
  slug = await t.createWorkspace(cookie, { brand: "pages-400" });
});
afterAll(() => t.close());

const startWith = (body: unknown) => call(t, { cookie }, "POST", slug, "/page-evaluations", body);

describe("startPageEvaluation: 400", () => {
  it.each([
    ["not a URL", "widgets"],
    ["a relative path", "/pricing"],
    ["another scheme", "ftp://example.com/file"],
    ["a javascript URL", "javascript:alert(1)"],
    ["a file URL", "file:///etc/passwd"],
    ["credentials", "https://user:secret@example.com/"],
  ])("refuses %s up front, naming body.url", async (_what, url) => {
    const response = await startWith({ url });
    expect(fieldsOf(response)).toEqual(["body.url"]);
    expect(await t.server.ctx.prisma.pageEvaluation.count()).toBe(0);
  });

  it("refuses a missing url, an unknown field and a bad idempotency key", async () => {
    expect(fieldsOf(await startWith({}))).toContain("body.url");
    expect((await startWith({ url: "https://example.com/", extra: 1 })).status).toBe(400);
    expect(
      fieldsOf(await startWith({ url: "https://example.com/", idempotencyKey: "" })),
    ).toContain("body.idempotencyKey");
  });

  it("refuses a bad status filter and a bad evaluation id", async () => {
    expect(
      fieldsOf(await call(t, { cookie }, "GET", slug, "/page-evaluations?status=done")),
    ).toEqual(["query.status"]);
    expect((await call(t, { cookie }, "GET", slug, "/page-evaluations/nope")).status).toBe(400);
  });
});
