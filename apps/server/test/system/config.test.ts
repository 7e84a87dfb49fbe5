import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createAnswerAnalyzer } from "../../src/analysis/analyze-answer.js";
import { ConfigError, loadConfig } from "../../src/config.js";
import { hostedSecretsEnv } from "../harness/test-server.js";

describe("configuration from the environment", () => {
  it("defaults to the embedded database in local mode on port 8080", () => {
    const config = loadConfig({ INIT_CWD: "/srv/geo" });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: undefined,
      dataDir: "/srv/geo/.data",
      operatorMode: "local",
    });
  });

  it("uses hosted mode with PostgreSQL unless told otherwise", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://db/geo",
      ...hostedSecretsEnv,
    });
    expect(config.operatorMode).toBe("hosted");
  });

  it("names every bad variable", () => {
    expect(() =>
      loadConfig({ PORT: "eighty", GEO_OPERATOR_MODE: "cloud", DATABASE_URL: "mysql://x" }),
    ).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(/PORT[\s\S]*DATABASE_URL[\s\S]*GEO_OPERATOR_MODE/),
      }),
    );
  });

  it("requires every server secret outside local mode, naming the missing ones", () => {
    expect(() => loadConfig({ GEO_OPERATOR_MODE: "hosted" })).toThrow(
      /GEO_SESSION_SECRET[\s\S]*GEO_KEY_PEPPERS[\s\S]*GEO_ENCRYPTION_KEYS/,
    );
    expect(() =>
      loadConfig({ ...hostedSecretsEnv, GEO_OPERATOR_MODE: "hosted", GEO_KEY_PEPPERS: "1:short" }),
    ).toThrow(/GEO_KEY_PEPPERS/);
  });

  it("requires a session secret outside local mode", () => {
    expect(() => loadConfig({ GEO_OPERATOR_MODE: "hosted" })).toThrow(ConfigError);
    expect(() => loadConfig({ GEO_OPERATOR_MODE: "hosted", GEO_SESSION_SECRET: "short" })).toThrow(
      /GEO_SESSION_SECRET/,
    );
  });
});

// Local mode signs in without email: on an interface others can reach, anyone could sign in
// and read the stored provider keys (docs/security.md, Local mode).
describe("local mode listens on loopback only", () => {
  it.each(["127.0.0.1", "127.8.9.10", "::1", "localhost", "LOCALHOST", "::ffff:127.0.0.1"])(
    "starts on HOST=%s",
    (host) => {
      expect(loadConfig({ GEO_OPERATOR_MODE: "local", HOST: host }).host).toBe(host);
    },
  );

  it.each([
    "0.0.0.0",
    "::",
    "192.168.1.20",
    "10.0.0.5",
    "geo.example.com",
    "localhost.evil.example",
  ])("refuses HOST=%s, saying what to do", (host) => {
    expect(() => loadConfig({ GEO_OPERATOR_MODE: "local", HOST: host })).toThrow(ConfigError);
    expect(() => loadConfig({ HOST: host })).toThrow(
      /HOST: .*not a loopback address[\s\S]*GEO_LOCAL_ALLOW_REMOTE=1[\s\S]*GEO_OPERATOR_MODE=hosted/,
    );
  });

  it("starts on another interface when GEO_LOCAL_ALLOW_REMOTE=1 says so", () => {
    const config = loadConfig({ HOST: "0.0.0.0", GEO_LOCAL_ALLOW_REMOTE: "1" });
    expect(config).toMatchObject({ host: "0.0.0.0", operatorMode: "local" });
    expect(() => loadConfig({ HOST: "0.0.0.0", GEO_LOCAL_ALLOW_REMOTE: "yes" })).toThrow(
      /GEO_LOCAL_ALLOW_REMOTE/,
    );
  });

  it("leaves hosted mode's interface alone", () => {
    const config = loadConfig({
      DATABASE_URL: "postgres://db/geo",
      ...hostedSecretsEnv,
      HOST: "0.0.0.0",
    });
    expect(config).toMatchObject({ host: "0.0.0.0", operatorMode: "hosted" });
  });
});

describe("GEO_DOMAIN_TAXONOMY_FILE", () => {
  const write = (text: string) => {
    const dir = mkdtempSync(join(tmpdir(), "geo-taxonomy-"));
    const file = join(dir, "taxonomy.json");
    writeFileSync(file, text);
    return file;
  };

  it("extends the built-in taxonomy; the operator's entries win", () => {
    const file = write(JSON.stringify({ review: ["example-reviews.com"], news: ["reddit.com"] }));
    const config = loadConfig({ GEO_OPERATOR_MODE: "local", GEO_DOMAIN_TAXONOMY_FILE: file });
    const analyze = createAnswerAnalyzer(
      { entities: [], categoryTerms: [] },
      { taxonomy: config.domainTaxonomy },
    );
    const { citations } = analyze({
      answer: "",
      citations: [
        { url: "https://www.example-reviews.com/acme", title: null },
        { url: "https://reddit.com/r/analytics", title: null },
        { url: "https://en.wikipedia.org/wiki/Analytics", title: null },
      ],
      language: "en",
    });
    expect(citations.map((c) => [c.domain, c.taxonomy])).toEqual([
      ["example-reviews.com", "review"],
      ["reddit.com", "news"],
      ["wikipedia.org", "reference"],
    ]);
  });

  it.each([
    ["not json", "{ review: "],
    ["an unknown class", JSON.stringify({ shopping: ["example.com"] })],
  ])("stops the server at start for %s, naming the variable", (_case, text) => {
    const file = write(text);
    expect(() =>
      loadConfig({ GEO_OPERATOR_MODE: "local", GEO_DOMAIN_TAXONOMY_FILE: file }),
    ).toThrow(/GEO_DOMAIN_TAXONOMY_FILE/);
    expect(() =>
      loadConfig({ GEO_OPERATOR_MODE: "local", GEO_DOMAIN_TAXONOMY_FILE: file }),
    ).toThrow(ConfigError);
  });
});

describe("page fetch settings", () => {
  it("fetches ports 80 and 443 without loopback by default", () => {
    expect(loadConfig({}).pageFetch).toEqual({ allowLoopback: false, allowedPorts: [80, 443] });
  });

  it("allows loopback and other ports in local mode when told", () => {
    const config = loadConfig({ GEO_FETCH_ALLOW_LOOPBACK: "true", GEO_FETCH_PORTS: "80,443,8080" });
    expect(config.pageFetch).toEqual({ allowLoopback: true, allowedPorts: [80, 443, 8080] });
  });

  it("refuses loopback in hosted mode", () => {
    expect(() =>
      loadConfig({
        ...hostedSecretsEnv,
        GEO_OPERATOR_MODE: "hosted",
        GEO_FETCH_ALLOW_LOOPBACK: "true",
      }),
    ).toThrow(/GEO_FETCH_ALLOW_LOOPBACK: only allowed with GEO_OPERATOR_MODE=local/);
    expect(() => loadConfig({ GEO_FETCH_PORTS: "80,0" })).toThrow(/GEO_FETCH_PORTS/);
  });
});

describe("page evaluation settings", () => {
  it("defaults to a 15 s fetch, a 60 s analysis and 30 starts a minute per workspace, and takes others", () => {
    expect(loadConfig({}).pageEvaluations).toEqual({
      fetchTimeoutMs: 15_000,
      analysisTimeoutMs: 60_000,
      startsPerMinute: 30,
    });
    expect(
      loadConfig({
        GEO_PAGE_FETCH_TIMEOUT_MS: "500",
        GEO_PAGE_ANALYSIS_TIMEOUT_MS: "1",
        GEO_PAGE_EVALUATIONS_PER_MINUTE: "5",
      }).pageEvaluations,
    ).toEqual({ fetchTimeoutMs: 500, analysisTimeoutMs: 1, startsPerMinute: 5 });
    expect(() => loadConfig({ GEO_PAGE_ANALYSIS_TIMEOUT_MS: "0" })).toThrow(
      /GEO_PAGE_ANALYSIS_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ GEO_PAGE_EVALUATIONS_PER_MINUTE: "0" })).toThrow(
      /GEO_PAGE_EVALUATIONS_PER_MINUTE/,
    );
    expect(() => loadConfig({ GEO_PAGE_FETCH_TIMEOUT_MS: "10" })).toThrow(
      /GEO_PAGE_FETCH_TIMEOUT_MS/,
    );
  });
});
