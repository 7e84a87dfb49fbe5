import { describe, expect, it } from "vitest";
import { citationLink } from "../../src/chat-citations";

describe("where a reply's numbers come from", () => {
  it("opens a metric's answers with the filter it was read with", () => {
    expect(
      citationLink("acme", {
        kind: "metric",
        metric: "composite",
        filter: { date: "2026-04-08", engine: "openai", tag: null },
      }),
    ).toEqual({
      to: "/w/acme/answers?from=2026-04-08&to=2026-04-08&engine=openai",
      text: "The answers behind the composite score",
    });
    expect(
      citationLink("acme", {
        kind: "metric",
        metric: "timeseries",
        filter: { from: "2026-04-01", to: "2026-04-08", surface: "api" },
      })?.to,
    ).toBe("/w/acme/answers?from=2026-04-01&to=2026-04-08&surface=api");
  });

  it("opens a stored answer in its run, and links nothing for numbers without answers", () => {
    expect(
      citationLink("acme", {
        kind: "response",
        runId: "run_1",
        responseId: "rsp_1",
        promptId: "prm_1",
        engine: "claude",
      }),
    ).toEqual({
      to: "/w/acme/answers?run=run_1&prompt=prm_1&engine=claude",
      text: "An answer from claude",
    });
    expect(
      citationLink("acme", { kind: "metric", metric: "credit_balance", filter: {} }),
    ).toBeNull();
  });
});
