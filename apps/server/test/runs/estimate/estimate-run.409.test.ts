import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EstimateFixture, startEstimateFixture } from "./estimate-fixture.js";

let f: EstimateFixture;
beforeAll(async () => {
  f = await startEstimateFixture("estimate-empty");
});
afterAll(() => f?.t.close());

describe("GET .../run-estimate of a workspace with nothing to ask", () => {
  it("is 409 no_active_prompts, as the start would be", async () => {
    const response = await f.estimate("?preset=smoke");
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe("no_active_prompts");
  });
});
