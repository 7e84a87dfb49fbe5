import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";
import { call, expectError, fetchEnv, start } from "./page-fixtures.js";

let t: TestServer;
let cookie: string;
let mine: string;
let theirs: string;
let theirCookie: string;
beforeAll(async () => {
  t = await startTestServer({ env: fetchEnv([80]) });
  cookie = await t.signIn("pages-404@example.com");
  mine = await t.createWorkspace(cookie, { brand: "pages-404" });
  theirCookie = await t.signIn("pages-404-other@example.com");
  theirs = await t.createWorkspace(theirCookie, { brand: "pages-404-other" });
});
afterAll(() => t.close());

describe("page evaluations: 404", () => {
  it("another workspace's evaluation is not_found, and absent from the list", async () => {
    // Port 1 is not allowed: the evaluation fails without any network use.
    const other = await start(t, { cookie: theirCookie }, theirs, { url: "http://example.com:1/" });
    const response = await call(t, { cookie }, "GET", mine, `/page-evaluations/${other.id}`);
    expectError(response, 404, "not_found");
    const list = await call(t, { cookie }, "GET", mine, "/page-evaluations");
    expect(list.body.data).toEqual([]);
  });

  it("an unknown id is not_found; a workspace the caller is not in is workspace_not_found", async () => {
    const unknown = await call(
      t,
      { cookie },
      "GET",
      mine,
      `/page-evaluations/pev_${"1".repeat(26)}`,
    );
    expectError(unknown, 404, "not_found");
    const key = await t.mintKey(cookie, mine, ["runs:write", "reports:read"]);
    for (const [method, path] of [
      ["GET", "/page-evaluations"],
      ["POST", "/page-evaluations"],
    ] as const) {
      const body = method === "POST" ? { url: "https://example.com/" } : undefined;
      const response = await call(t, { bearer: key.secret }, method, theirs, path, body);
      expectError(response, 404, "workspace_not_found");
    }
  });
});
