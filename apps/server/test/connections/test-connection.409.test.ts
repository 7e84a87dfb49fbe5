import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ConnectionFixture,
  expectError,
  startConnectionFixture,
} from "./connection-fixture.js";

let f: ConnectionFixture;
beforeAll(async () => {
  f = await startConnectionFixture("conn-test-409");
});
afterAll(() => f.close());

describe("testConnection: 409 connection_not_configured", () => {
  it.each(["search_console", "analytics"])(
    "%s without a credential: nothing is sent to Google",
    async (provider) => {
      const response = await f.test(provider);
      expectError(response, 409, "connection_not_configured");
      expect(response.body.error.details).toEqual({ provider });
      expect(f.google.requests).toHaveLength(0);
    },
  );

  it("after a disconnect", async () => {
    await f.configure({ search_console: { credentialId: f.credentialId } });
    expect((await f.disconnect("search_console")).status).toBe(200);
    expectError(await f.test("search_console"), 409, "connection_not_configured");
    expect(f.google.requests).toHaveLength(0);
  });
});
