import { describe, expect, it } from "vitest";
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
