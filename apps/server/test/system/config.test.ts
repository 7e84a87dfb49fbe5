import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config.js";

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
      GEO_SESSION_SECRET: "x".repeat(32),
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

  it("requires a session secret outside local mode", () => {
    expect(() => loadConfig({ GEO_OPERATOR_MODE: "hosted" })).toThrow(ConfigError);
    expect(() => loadConfig({ GEO_OPERATOR_MODE: "hosted", GEO_SESSION_SECRET: "short" })).toThrow(
      /GEO_SESSION_SECRET/,
    );
  });
});
