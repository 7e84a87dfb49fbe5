import type { DeviceToken } from "@geopulse/api-types";
import { ConnectionError, GeoPulseError } from "@geopulse/sdk";
import { describe, expect, it } from "vitest";
import { CliError, pollForToken, slowDownInterval } from "../src/index.js";

const token: DeviceToken = {
  apiKey: `gp_live_${"A".repeat(43)}`,
  keyId: "key_1",
  workspace: "acme",
  scopes: ["workspace:read"],
};
const answer = (code: string, details?: Record<string, unknown>) =>
  new GeoPulseError({ status: 400, code, message: code, details, requestId: "req_1" });

/** Polls against scripted answers; returns the waits and the outcome. */
async function poll(answers: (Error | DeviceToken)[], expiresIn = 600) {
  const waits: number[] = [];
  let clock = 0;
  const outcome = await pollForToken({
    deviceCode: "device-code-of-twenty-chars",
    interval: 5,
    expiresIn,
    exchange: async () => {
      const next = answers.shift();
      if (!next) throw new Error("polled too often");
      if (next instanceof Error) throw next;
      return next;
    },
    sleep: async (ms) => {
      waits.push(ms);
      clock += ms;
    },
    now: () => clock,
  }).catch((error: unknown) => error);
  return { waits, outcome };
}

describe("device flow polling", () => {
  it("waits the interval before each poll while pending", async () => {
    const { waits, outcome } = await poll([answer("authorization_pending"), token]);
    expect(outcome).toEqual(token);
    expect(waits).toEqual([5000, 5000]);
  });

  it("slows down: the server's new interval when given, else 5 s more", async () => {
    const { waits, outcome } = await poll([
      answer("slow_down", { interval: 15 }),
      answer("authorization_pending"),
      answer("slow_down"),
      token,
    ]);
    expect(outcome).toEqual(token);
    expect(waits).toEqual([5000, 15000, 15000, 20000]);
    expect(slowDownInterval(5, undefined)).toBe(10);
    expect(slowDownInterval(5, { interval: 12 })).toBe(12);
    expect(slowDownInterval(5, { interval: "x" })).toBe(10);
  });

  it.each([
    ["access_denied", /login denied/],
    ["expired_token", /login expired/],
  ])("stops on %s with exit code 4", async (code, message) => {
    const { outcome, waits } = await poll([answer(code)]);
    expect(outcome).toBeInstanceOf(CliError);
    expect(outcome).toMatchObject({ exitCode: 4, message: expect.stringMatching(message) });
    expect(waits).toHaveLength(1);
  });

  it("gives up once the code has expired locally", async () => {
    const pending = Array.from({ length: 5 }, () => answer("authorization_pending"));
    const { outcome, waits } = await poll(pending, 12);
    expect(outcome).toMatchObject({ exitCode: 4, message: expect.stringMatching(/expired/) });
    expect(waits).toEqual([5000, 5000, 5000]);
  });

  it("rides out a network blip but not a lasting outage", async () => {
    const blip = await poll([new ConnectionError("down"), answer("authorization_pending"), token]);
    expect(blip.outcome).toEqual(token);
    const down = await poll([1, 2, 3].map(() => new ConnectionError("down")));
    expect(down.outcome).toBeInstanceOf(ConnectionError);
  });

  it("passes other API errors on", async () => {
    const { outcome } = await poll([answer("rate_limited")]);
    expect(outcome).toMatchObject({ code: "rate_limited" });
  });
});
