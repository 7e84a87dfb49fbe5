import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "../../harness/test-server.js";
import { seedPrompts } from "../run-fixtures.js";
import { type EstimateFixture, startEstimateFixture } from "./estimate-fixture.js";

let f: EstimateFixture;
beforeAll(async () => {
  f = await startEstimateFixture(await startTestServer(), "estimate");
  await seedPrompts(f.t, f.slug, 7);
});
afterAll(() => f?.t.close());

describe("GET /api/v1/workspaces/{ws}/run-estimate", () => {
  it("answers the plan and the amount the start then reserves, reserving nothing itself", async () => {
    const response = await f.estimate("?preset=smoke");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      preset: "smoke",
      engines: ["simulated"],
      simulated: true,
      promptCount: 5,
      repetitions: 1,
      totalAnswers: 5,
    });
    expect(response.body.estimateMicrousd).toBeGreaterThan(0);
    const balance = await f.t.request<any>("GET", `/api/v1/workspaces/${f.slug}/credits/balance`, {
      cookie: f.cookie,
    });
    expect(balance.body.heldMicrousd).toBe(0);
    expect(response.body.availableMicrousd).toBe(balance.body.availableMicrousd);

    const started = await f.t.request<any>("POST", `/api/v1/workspaces/${f.slug}/runs`, {
      cookie: f.cookie,
      body: { preset: "smoke" },
    });
    expect(started.status).toBe(202);
    expect(started.body.estimateMicrousd).toBe(response.body.estimateMicrousd);
  });

  it("plans each preset as the start does, for a key with runs:read too", async () => {
    const key = await f.t.mintKey(f.cookie, f.slug, ["runs:read"]);
    const lite = await f.estimate("?preset=lite", { bearer: key.secret });
    expect(lite.status).toBe(200);
    expect(lite.body).toMatchObject({ promptCount: 7, repetitions: 1, totalAnswers: 7 });
    const standard = await f.estimate("?preset=standard", { bearer: key.secret });
    expect(standard.body).toMatchObject({ promptCount: 7, repetitions: 2, totalAnswers: 14 });
    expect(standard.body.estimateMicrousd).toBeGreaterThan(lite.body.estimateMicrousd);
  });
});
