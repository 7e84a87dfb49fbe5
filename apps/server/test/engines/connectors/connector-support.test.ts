import { describe, expect, it } from "vitest";
import { builtinModelCatalog } from "../../../src/engines/catalog/model-catalog.js";
import { dedupeCitations } from "../../../src/engines/connectors/citations.js";
import { redact } from "../../../src/engines/connectors/provider-errors.js";
import { providerSettings } from "../../../src/engines/connectors/provider-settings.js";
import { dollarsToMicrousd } from "../../../src/engines/connectors/token-pricing.js";

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
    expect(dollarsToMicrousd(0.005)).toBe(5_000n);
    expect(dollarsToMicrousd("1.2345678")).toBe(1_234_568n);
    expect(dollarsToMicrousd(undefined)).toBeUndefined();
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
