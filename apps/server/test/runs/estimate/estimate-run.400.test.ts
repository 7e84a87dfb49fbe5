import { describe, expect, it } from "vitest";
import { test } from "../../harness/shared-server.js";
import { type EstimateFixture, startEstimateFixture } from "./estimate-fixture.js";

let f: EstimateFixture;
test.beforeAll(async ({ sharedServer }) => {
  f = await startEstimateFixture(sharedServer, "estimate-bad");
});

describe("GET .../run-estimate refuses a missing or unknown preset", () => {
  it.each([
    ["", "required"],
    ["?preset=huge", "enum"],
  ])("%s", async (query, rule) => {
    const response = await f.estimate(query);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("invalid_request");
    expect(response.body.error.details.fields).toContainEqual(
      expect.objectContaining({ field: "query.preset", rule }),
    );
  });
});
