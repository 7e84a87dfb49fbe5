import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "./config.js";

/**
 * The cookie-signing key: GEO_SESSION_SECRET when set (required outside local
 * mode). A local install without one keeps a random key beside its embedded
 * database (mode 0600), so sessions survive restarts.
 */
export function resolveSessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  if (config.databaseUrl || config.dataDir.startsWith("memory://")) {
    return randomBytes(32).toString("base64url");
  }
  const path = join(config.dataDir, "session-secret");
  if (existsSync(path)) return readFileSync(path, "utf8").trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}
