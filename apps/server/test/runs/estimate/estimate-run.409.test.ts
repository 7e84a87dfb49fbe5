import { describe, expect, it } from "vitest";
import { test } from "../../harness/shared-server.js";
import { type EstimateFixture, startEstimateFixture } from "./estimate-fixture.js";

let f: EstimateFixture;
test.beforeAll(async ({ sharedServer }) => {
  f = await startEstimateFixture(sharedServer, "estimate-empty");
});

describe("GET .../run-estimate of a workspace with nothing to ask", () => {
  it("is 409 no_active_prompts, as the start would be", async () => {
    const response = await f.estimate("?preset=smoke");
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("no_active_prompts");
  });
});
