import { describe, expect, it } from "vitest";
import { test } from "../../harness/shared-server.js";
import { type EstimateFixture, startEstimateFixture } from "./estimate-fixture.js";

let f: EstimateFixture;
test.beforeAll(async ({ sharedServer }) => {
  f = await startEstimateFixture(sharedServer, "estimate-own");
});

describe("GET .../run-estimate of a workspace the caller may not see", () => {
  it("is 404 workspace_not_found for another person's session and another workspace's key", async () => {
    const stranger = await f.t.signIn("stranger@example.com");
    const asStranger = await f.estimate("?preset=smoke", { cookie: stranger });
    expect(asStranger.status).toBe(404);
    expect(asStranger.body.error.code).toBe("workspace_not_found");
    const other = await f.t.createWorkspace(stranger, { brand: "elsewhere" });
    const key = await f.t.mintKey(stranger, other, ["runs:read"]);
    const withKey = await f.estimate("?preset=smoke", { bearer: key.secret });
    expect(withKey.status).toBe(404);
    expect(withKey.body.error.code).toBe("workspace_not_found");
  });
});
