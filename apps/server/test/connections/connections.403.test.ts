import type { Scope } from "@geopulse/api-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ConnectionFixture,
  expectError,
  startConnectionFixture,
} from "./connection-fixture.js";

let f: ConnectionFixture;
const secrets = new Map<string, string>();
beforeAll(async () => {
  f = await startConnectionFixture("conn-access");
  for (const scope of [
    "workspace:read",
    "connections:read",
    "connections:write",
    "connections:test",
  ] as Scope[])
    secrets.set(scope, (await f.t.mintKey(f.cookie, f.slug, [scope])).secret);
});
afterAll(() => f.close());

const operations = {
  list: { scope: "connections:read", call: (bearer: string) => f.list({ bearer }) },
  configure: {
    scope: "connections:write",
    call: (bearer: string) =>
      f.configure({ search_console: { credentialId: f.credentialId } }, { bearer }),
  },
  test: {
    scope: "connections:test",
    call: (bearer: string) => f.test("search_console", { bearer }),
  },
  disconnect: {
    scope: "connections:write",
    call: (bearer: string) => f.disconnect("search_console", { bearer }),
  },
} as const;

describe("connections: the scope matrix", () => {
  it.each(Object.keys(operations) as (keyof typeof operations)[])(
    "%s: only its scope's key is let through; the others get 403 insufficient_scope",
    async (name) => {
      const operation = operations[name];
      for (const [scope, bearer] of secrets) {
        const response = await operation.call(bearer);
        if (scope === operation.scope) {
          expect(response.status, `${name} with ${scope}: ${response.text}`).not.toBe(403);
        } else {
          expectError(response, 403, "insufficient_scope");
          expect(response.body.error.details).toEqual({ requiredScope: operation.scope });
        }
      }
    },
  );

  it("connections:write does not allow test, nor connections:test configure", async () => {
    expectError(
      await f.test("analytics", { bearer: secrets.get("connections:write") as string }),
      403,
      "insufficient_scope",
    );
    expectError(
      await f.configure(
        { analytics: { credentialId: f.credentialId } },
        { bearer: secrets.get("connections:test") as string },
      ),
      403,
      "insufficient_scope",
    );
  });

  it("a key can never store the service-account key itself (session only)", async () => {
    for (const bearer of secrets.values()) {
      const response = await f.t.request("POST", `/api/v1/workspaces/${f.slug}/credentials`, {
        bearer,
        body: {
          connector: "google",
          key: "k",
          value: f.account.keyFile,
          kind: "google_service_account",
        },
      });
      expectError(response, 403, "session_required");
    }
  });
});
