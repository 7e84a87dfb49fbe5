import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ConnectionFixture,
  configureBoth,
  expectError,
  startConnectionFixture,
} from "./connection-fixture.js";

let f: ConnectionFixture;
let otherSlug: string;
let otherCookie: string;
let otherKey: string;
beforeAll(async () => {
  f = await startConnectionFixture("conn-mine");
  await configureBoth(f);
  otherCookie = await f.t.signIn("theirs@conn-theirs.example.com");
  otherSlug = await f.t.createWorkspace(otherCookie, { brand: "conn-theirs" });
  otherKey = (
    await f.t.mintKey(otherCookie, otherSlug, [
      "connections:read",
      "connections:write",
      "connections:test",
    ])
  ).secret;
});
afterAll(() => f.close());

describe("connections: 404 workspace_not_found across workspaces", () => {
  it.each([
    ["another user's session", () => ({ cookie: otherCookie })],
    ["another workspace's key", () => ({ bearer: otherKey })],
  ])(
    "%s cannot see, configure, test or disconnect this workspace's connections",
    async (_name, caller) => {
      const requests = () => f.google.requests.length;
      const before = requests();
      expectError(await f.list(caller()), 404, "workspace_not_found");
      expectError(
        await f.configure({ analytics: { credentialId: f.credentialId } }, caller()),
        404,
        "workspace_not_found",
      );
      expectError(await f.test("search_console", caller()), 404, "workspace_not_found");
      expectError(await f.disconnect("analytics", caller()), 404, "workspace_not_found");
      expect(requests()).toBe(before);
      const list = await f.list();
      expect(list.body.data.map((c: any) => c.status)).toEqual(["configured", "configured"]);
    },
  );

  it("the other workspace's own connections are its own (unconfigured)", async () => {
    const response = await f.list({ cookie: otherCookie }, otherSlug);
    expect(response.status).toBe(200);
    expect(response.body.data.map((c: any) => [c.status, c.credential])).toEqual([
      ["unconfigured", null],
      ["unconfigured", null],
    ]);
  });

  it("an unknown workspace", async () => {
    expectError(await f.list(f.owner, "no-such-workspace"), 404, "workspace_not_found");
  });
});
