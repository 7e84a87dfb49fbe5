import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { ManualClock } from "../../src/clock.js";
import { ConfigError, loadConfig } from "../../src/config.js";
import {
  builtinModelCatalog,
  CATALOG_PROVIDERS,
  type CatalogProvider,
  isoDay,
} from "../../src/engines/catalog/model-catalog.js";

/**
 * The built-in defaults are models the providers still serve: each is in the model union of the
 * SDK version the server pins (where that SDK has one), and none retires on or before the day the
 * test runs for. The unions are read from the SDKs' own .d.ts files, resolved from the server
 * package, so bumping an SDK that drops a default fails here rather than in production.
 */
const serverRequire = createRequire(join(import.meta.dirname, "../../package.json"));
const packageDir = (name: string) => {
  // Each SDK's package.json is not always exported; its main entry sits under the package root.
  let dir = dirname(serverRequire.resolve(name));
  const isRoot = (d: string) =>
    existsSync(join(d, "package.json")) &&
    readFileSync(join(d, "package.json"), "utf8").includes(`"name": "${name}"`);
  while (!isRoot(dir)) dir = dirname(dir);
  return dir;
};
/** The string literals of a union type's body (either quote style). */
const literalsOf = (body: string) =>
  [...body.matchAll(/'([^']+)'|"([^"]+)"/g)].map((m) => (m[1] ?? m[2]) as string);

/** The string literals of `export type NAME = ...;` in a .d.ts file. */
function unionLiterals(file: string, name: string): string[] {
  const text = readFileSync(file, "utf8");
  const match = new RegExp(`export type ${name} = ([^;]+);`).exec(text);
  if (!match?.[1]) throw new Error(`${file} declares no type ${name}`);
  return literalsOf(match[1]);
}

/**
 * Gemini's model names in @google/genai's bundled .d.ts: the union the bundler names
 * `Model_<n>` (the Interactions API's `Model`, which ends in `(string & {})`), found as the
 * type aliases whose literals name gemini models.
 */
function geminiModelUnion(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const match of text.matchAll(/type \w+ = ([^;]+);/g)) {
    const literals = literalsOf(match[1] ?? "");
    if (literals.filter((l) => l.startsWith("gemini-")).length >= 5) out.push(...literals);
  }
  if (out.length === 0) throw new Error(`${file} declares no union of gemini models`);
  return out;
}

/** The pinned SDKs' model unions (Perplexity and Exa have no SDK union). */
function sdkModelUnion(provider: CatalogProvider): Set<string> | undefined {
  if (provider === "anthropic") {
    const file = join(packageDir("@anthropic-ai/sdk"), "resources/messages/messages.d.ts");
    return new Set(unionLiterals(file, "Model"));
  }
  if (provider === "openai") {
    const file = join(packageDir("openai"), "resources/shared.d.ts");
    return new Set([...unionLiterals(file, "ChatModel"), ...unionLiterals(file, "ResponsesModel")]);
  }
  if (provider === "gemini") {
    return new Set(geminiModelUnion(join(packageDir("@google/genai"), "dist/genai.d.ts")));
  }
  return undefined;
}

/**
 * The day this test holds the catalog to: the later of the day it was written for and the day
 * it runs, so a default that reaches its retirement fails CI before it fails customers.
 */
const today = [isoDay(new Date()), "2026-11-27"].sort().at(-1) as string;

describe("the built-in catalog's defaults are current", () => {
  it("reads real unions from the pinned SDKs", () => {
    expect(existsSync(join(packageDir("@anthropic-ai/sdk"), "package.json"))).toBe(true);
    expect(sdkModelUnion("anthropic")?.size).toBeGreaterThan(5);
    expect(sdkModelUnion("openai")?.has("gpt-4o")).toBe(true);
    expect(sdkModelUnion("gemini")?.has("gemini-2.5-flash")).toBe(true);
  });

  it.each(
    CATALOG_PROVIDERS.flatMap((provider) => {
      const uses = ["answers", "chat", "prompts", "research"] as const;
      return uses.flatMap((use) => {
        try {
          return [[provider, use, builtinModelCatalog.defaultId(provider, use)] as const];
        } catch {
          return [];
        }
      });
    }),
  )("%s's default %s model %s is in the pinned SDK's model union", (provider, _use, id) => {
    const union = sdkModelUnion(provider);
    if (!union) return;
    const model = builtinModelCatalog.require(provider, id);
    expect([model.apiModel, model.id].some((name) => union.has(name))).toBe(true);
  });

  it(`no default retires on or before ${today}`, () => {
    const retired = builtinModelCatalog
      .defaultsRetiredBy(today)
      .map(({ provider, use, model }) => `${provider}/${use}: ${model.id} (${model.retiresAt})`);
    expect(retired).toEqual([]);
  });

  it("the server refuses at start a default whose retiresAt has passed on its clock", () => {
    const path = join(tmpdir(), `geo-catalog-${process.pid}-retiring-default.json`);
    writeFileSync(
      path,
      JSON.stringify({
        providers: {
          openai: {
            defaults: { chat: "gpt-retiring" },
            models: [
              {
                id: "gpt-retiring",
                uses: ["chat"],
                prices: { inputPerMillion: 400_000, outputPerMillion: 1_600_000 },
                status: "deprecated",
                retiresAt: "2026-12-01",
              },
            ],
          },
        },
      }),
    );
    const env = {
      GEO_OPERATOR_MODE: "local",
      GEO_DATA_DIR: "memory://",
      GEO_MODEL_CATALOG_FILE: path,
    };
    const before = loadConfig(env, new ManualClock("2026-11-30T23:59:59.000Z"));
    expect(before.modelCatalog.defaultId("openai", "chat")).toBe("gpt-retiring");
    const onTheDay = () => loadConfig(env, new ManualClock("2026-12-01T00:00:00.000Z"));
    expect(onTheDay).toThrow(ConfigError);
    expect(onTheDay).toThrow(/default chat model "gpt-retiring" retires on 2026-12-01/);
    rmSync(path);
  });
});
