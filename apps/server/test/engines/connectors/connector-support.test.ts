import { describe, expect, it } from "vitest";
import { builtinModelCatalog } from "../../../src/engines/catalog/model-catalog.js";
import { dedupeCitations } from "../../../src/engines/connectors/citations.js";
import { redact } from "../../../src/engines/connectors/provider-errors.js";
import { providerSettings } from "../../../src/engines/connectors/provider-settings.js";
import { answerAllowances, answerCeilingMicrousd } from "../../../src/engines/pricing.js";

describe("connector support", () => {
  it("de-duplicates citations by URL keeping the first position", () => {
    expect(
      dedupeCitations([
        { url: "https://a.example", title: null },
        { url: "https://b.example", title: "B" },
        { url: "https://a.example", title: "A" },
        { url: "" },
      ]),
    ).toEqual([
      { url: "https://a.example", title: "A" },
      { url: "https://b.example", title: "B" },
    ]);
  });

  it("redacts the key and key-shaped strings", () => {
    expect(redact("bad key abc123secret here", "abc123secret")).toBe("bad key [redacted] here");
    expect(redact("Incorrect API key provided: sk-proj-abcd****wxyz", "x")).not.toContain("abcd");
  });

  it("prices tokens in integer micro-USD, rounding the token sum up; an unlisted model has no price", () => {
    const catalog = builtinModelCatalog;
    expect(
      catalog.cost("openai", "gpt-4o-mini", {
        inputTokens: 1,
        outputTokens: 1,
        searches: 0,
        requests: 1,
      }),
    ).toBe(1n);
    expect(() =>
      catalog.cost("openai", "unknown-model", { inputTokens: 1_000_000, outputTokens: 0 }),
    ).toThrow(/lists no openai model "unknown-model"/);
  });

  it("prices Sonar's request fee by search context size, the highest when unknown", () => {
    const usage = { inputTokens: 0, outputTokens: 0, requests: 1 };
    const fee = (searchContextSize?: "low" | "medium" | "high") =>
      builtinModelCatalog.cost("perplexity", "sonar-pro", { ...usage, searchContextSize });
    expect([fee("low"), fee("medium"), fee("high"), fee()]).toEqual([
      6_000n,
      10_000n,
      14_000n,
      14_000n,
    ]);
  });

  it("reserves a Sonar answer for its worst case: prompt, allowances, output cap, highest fee", () => {
    const prompt = "Which analytics tool is best?";
    const a = answerAllowances.perplexity;
    const worst = (searchContextSize: "low" | "high") =>
      builtinModelCatalog.cost("perplexity", "sonar-pro", {
        inputTokens: Buffer.byteLength(prompt) + a.overheadInputTokens,
        outputTokens: a.maxOutputTokens,
        requests: 1,
        searchContextSize,
      });
    const ceiling = answerCeilingMicrousd(builtinModelCatalog, "perplexity", "sonar-pro", prompt);
    expect(ceiling).toBe(worst("high"));
    expect(ceiling - worst("low")).toBe(14_000n - 6_000n);
  });

  it("prices an Exa search's results beyond the ten its fee includes, and its summaries", () => {
    const search = (results: number, summaries = 0) =>
      builtinModelCatalog.cost("exa", "exa-search", {
        inputTokens: 0,
        outputTokens: 0,
        requests: 1,
        results,
        summaries,
      });
    expect(search(3)).toBe(7_000n);
    expect(search(10)).toBe(7_000n);
    expect(search(12, 2)).toBe(7_000n + 2n * 1_000n + 2n * 1_000n);
  });

  it("reads base URLs, operator keys and the timeout from the environment", () => {
    expect(providerSettings("openai", {})).toEqual({
      operatorKey: undefined,
      baseUrl: "https://api.openai.com",
      timeoutMs: 60_000,
    });
    expect(
      providerSettings("gemini", {
        GEMINI_API_KEY: " g-key ",
        GEMINI_BASE_URL: "http://127.0.0.1:9/",
        GEO_ENGINE_TIMEOUT_MS: "1500",
      }),
    ).toEqual({ operatorKey: "g-key", baseUrl: "http://127.0.0.1:9", timeoutMs: 1500 });
  });
});
