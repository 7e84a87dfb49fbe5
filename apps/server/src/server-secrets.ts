import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "./config.js";
import { KeyHasher } from "./crypto/key-hasher.js";
import { SecretBox } from "./crypto/secret-box.js";

export interface ServerSecrets {
  /** Signs session cookies. */
  sessionSecret: string;
  /** Hashes API key secrets. */
  keyHasher: KeyHasher;
  /** Encrypts key delivery copies and stored credentials. */
  secretBox: SecretBox;
}

interface LocalSecrets {
  sessionSecret: string;
  pepper: string;
  encryptionKey: string;
}

/**
 * Server secrets from the environment (required outside local mode). A local
 * install without them keeps generated ones beside its embedded database
 * (mode 0600), so sessions and keys survive restarts.
 */
export function resolveServerSecrets(config: Config): ServerSecrets {
  const local = needsLocal(config) ? localSecrets(config) : undefined;
  const sessionSecret = config.sessionSecret ?? local?.sessionSecret;
  const peppers = config.keyPeppers ?? (local && `1:${local.pepper}`);
  const encryptionKeys = config.encryptionKeys ?? (local && `local:${local.encryptionKey}`);
  if (!sessionSecret || !peppers || !encryptionKeys) throw new Error("server secrets missing");
  const keyEntries = pairs(encryptionKeys).map(([id, value]) => ({ id, key: decode(value) }));
  return {
    sessionSecret,
    keyHasher: new KeyHasher(
      pairs(peppers).map(([version, value]) => ({
        version: Number(version),
        secret: decode(value),
      })),
    ),
    secretBox: new SecretBox(keyEntries, keyEntries.at(-1)?.id ?? ""),
  };
}

function needsLocal(config: Config): boolean {
  return !config.sessionSecret || !config.keyPeppers || !config.encryptionKeys;
}

function localSecrets(config: Config): LocalSecrets {
  const fresh = (): LocalSecrets => ({
    sessionSecret: randomBytes(32).toString("base64url"),
    pepper: randomBytes(32).toString("base64url"),
    encryptionKey: randomBytes(32).toString("base64url"),
  });
  if (config.databaseUrl || config.dataDir.startsWith("memory://")) return fresh();
  const path = join(config.dataDir, "secrets.json");
  if (existsSync(path)) return JSON.parse(readFileSync(path, "utf8")) as LocalSecrets;
  mkdirSync(config.dataDir, { recursive: true });
  const secrets = fresh();
  writeFileSync(path, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

function pairs(list: string): Array<[string, string]> {
  return list.split(",").map((entry) => {
    const colon = entry.indexOf(":");
    return [entry.slice(0, colon), entry.slice(colon + 1)];
  });
}

function decode(value: string): Buffer {
  return Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
}
