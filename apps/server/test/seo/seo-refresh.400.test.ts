import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError } from "../connections/connection-fixture.js";
import { type SeoFixture, startSeoFixture } from "./seo-fixture.js";

let f: SeoFixture;
beforeAll(async () => {
  f = await startSeoFixture("seo-400");
});
afterAll(() => f.close());

describe("startSeoRefresh: 400", () => {
  it.each([
    [{ from: "2026-02-01", to: "2026-01-01" }, "body.from"],
    [{ from: "2024-01-01", to: "2026-01-01" }, "body.from"],
    [{ from: "yesterday" }, "body.from"],
    [{ days: 3 }, "body.days"],
  ])("refuses %j", async (body, field) => {
    const response = await f.refresh(body);
    expectError(response, 400, "invalid_request");
    expect(JSON.stringify(response.body.error.details.fields)).toContain(field.split(".")[1]);
    expect(await f.t.server.ctx.prisma.seoRefresh.count()).toBe(0);
  });
});
