import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";
import { researchCallCeiling } from "../../src/engines/research-provider.js";

const file = (name: string, content: unknown) => {
  const path = join(tmpdir(), `geo-catalog-${process.pid}-${name}.json`);
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content));
  return path;
};
const load = (path: string) =>
  loadConfig({
    GEO_OPERATOR_MODE: "local",
    GEO_DATA_DIR: "memory://",
    GEO_MODEL_CATALOG_FILE: path,
  });
const model = (extra: Record<string, unknown>) => ({
  id: "gpt-5-mini",
  uses: ["answers"],
  prices: { inputPerMillion: 250_000, outputPerMillion: 2_000_000 },
  ...extra,
});

describe("GEO_MODEL_CATALOG_FILE is checked at start", () => {
  it.each([
    ["a file that is not JSON", "{ nope", /GEO_MODEL_CATALOG_FILE: cannot read/],
    ["an unknown provider", { providers: { mistral: { models: [] } } }, /providers/],
    ["a model id with ..", { providers: { gemini: { models: [model({ id: "a/../b" })] } } }, /id/],
    [
      "a fractional price",
      { providers: { openai: { models: [model({ prices: { inputPerMillion: 0.5 } })] } } },
      /inputPerMillion/,
    ],
    ["an unknown field", { providers: { openai: { models: [model({ price: 1 })] } } }, /price/],
    [
      "a default that is not in the catalog",
      { providers: { openai: { defaults: { chat: "gpt-9" } } } },
      /default chat model "gpt-9"/,
    ],
    [
      "a chat model too expensive for a step's ceiling",
      {
        providers: {
          anthropic: {
            models: [
              model({
                id: "claude-opus-4-1",
                uses: ["chat"],
                prices: { inputPerMillion: 15_000_000, outputPerMillion: 75_000_000 },
              }),
            ],
          },
        },
      },
      /too expensive for "chat"/,
    ],
    ["a missing file", null, /cannot read/],
  ])("refuses %s", (_what, content, message) => {
    const path =
      content === null
        ? "/nonexistent/catalog.json"
        : file(String(_what).replace(/\W+/g, "-"), content);
    expect(() => load(path)).toThrow(ConfigError);
    expect(() => load(path)).toThrow(message);
  });

  it("merges a valid file over the built-in catalog", () => {
    const config = load(file("valid", { providers: { openai: { models: [model({})] } } }));
    expect(config.modelCatalog.find("openai", "gpt-5-mini")?.prices.inputPerMillion).toBe(250_000n);
    expect(config.modelCatalog.find("openai", "gpt-4.1-mini")).toBeDefined();
  });

  it("carries the providers' list prices the issue names", () => {
    const builtIn = load(file("prices", { providers: {} })).modelCatalog;
    // Opus 4.5 and later: $5 / $25 per million tokens.
    expect(builtIn.find("anthropic", "claude-opus-5-5")?.prices).toMatchObject({
      inputPerMillion: 5_000_000n,
      outputPerMillion: 25_000_000n,
    });
    // Gemini 3 grounding: $14 per 1,000 search queries; Exa search: $7 per 1,000 calls.
    expect(builtIn.find("gemini", "gemini-3.5-flash-lite")?.prices.perSearch).toBe(14_000n);
    expect(builtIn.find("exa", "exa-search")?.prices.perRequest).toBe(7_000n);
  });

  it("research reserves the catalog's price of its research models", () => {
    const builtIn = load(file("empty", { providers: {} })).modelCatalog;
    // Exa: $7 per 1,000 searches of the 10 results asked for; Sonar: 2,500 tokens in and out at
    // $1/M plus the highest search context fee, $12 per 1,000 requests.
    expect(researchCallCeiling(builtIn, "exa")).toBe(7_000n);
    expect(researchCallCeiling(builtIn, "perplexity")).toBe(17_000n);
    const priced = load(
      file("research", {
        providers: {
          exa: {
            models: [{ id: "exa-search", uses: ["research"], prices: { perRequest: 9_000 } }],
          },
        },
      }),
    ).modelCatalog;
    expect(researchCallCeiling(priced, "exa")).toBe(9_000n);
  });
});
