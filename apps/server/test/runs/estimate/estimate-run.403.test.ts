import { describe, expect, it } from "vitest";
import { test } from "../../harness/shared-server.js";
import { type EstimateFixture, startEstimateFixture } from "./estimate-fixture.js";

let f: EstimateFixture;
test.beforeAll(async ({ sharedServer }) => {
  f = await startEstimateFixture(sharedServer, "estimate-scope");
});

describe("GET .../run-estimate needs runs:read from a key", () => {
  it("refuses a key without it", async () => {
    const key = await f.t.mintKey(f.cookie, f.slug, ["runs:write", "metrics:read"]);
    const response = await f.estimate("?preset=smoke", { bearer: key.secret });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("insufficient_scope");
  });
});
