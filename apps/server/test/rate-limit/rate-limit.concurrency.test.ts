import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../harness/test-server.js";

// The limiter counts in one atomic statement (count only while under the
// limit, answer whether it counted), so parallel requests at the limit cannot
// all pass a check before any of them counts.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ env: { GEO_TRUSTED_PROXIES: "loopback" } });
});
afterAll(() => t.close());

const from = (address: string) => ({ headers: { "x-forwarded-for": address } });

describe("the rate limiter under concurrency", () => {
  it("lets exactly the limit of 40 parallel device-flow starts through (30 per address)", async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.request<any>("POST", "/api/v1/device-authorizations", {
          ...from("198.51.100.40"),
          body: {},
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const window = await t.server.ctx.prisma.rateLimitWindow.findMany({
      where: { bucket: { startsWith: "device-start:ip:198.51.100.40" } },
    });
    expect(window.map((row) => row.count)).toEqual([30]);
  });

  it("counts parallel failed look-ups atomically: exactly 10 misses per person, then 429", async () => {
    const guesser = await t.signIn("parallel-guesser@example.com");
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        t.request<any>(
          "GET",
          `/api/v1/device-authorizations/BBBB-BBB${"BCDFGHJKLMNPQRSTVWXZ"[i % 20]}`,
          {
            cookie: guesser,
            ...from("198.51.100.41"),
          },
        ),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 404)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(14);
  });

  it("gives the slot back when the look-up finds the code (only failures count)", async () => {
    const finder = await t.signIn("finder@example.com");
    const started = await t.request<any>("POST", "/api/v1/device-authorizations", {
      ...from("198.51.100.42"),
      body: {},
    });
    for (let i = 0; i < 15; i++) {
      const found = await t.request<any>(
        "GET",
        `/api/v1/device-authorizations/${started.body.userCode}`,
        { cookie: finder, ...from("198.51.100.42") },
      );
      expect(found.status).toBe(200);
    }
  });
});
