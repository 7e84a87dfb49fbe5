import { randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";

export type Env = Record<string, string | undefined>;

/** What `config.json` holds: never a secret. */
export interface StoredConfig {
  baseUrl?: string | undefined;
  workspace?: string | undefined;
  keyId?: string | undefined;
}

export const defaultBaseUrl = "http://localhost:8080";

/** `$GEOPULSE_CONFIG_DIR`, else `$XDG_CONFIG_HOME/geopulse`, else `~/.config/geopulse`. */
export function configDir(env: Env): string {
  if (env.GEOPULSE_CONFIG_DIR) return env.GEOPULSE_CONFIG_DIR;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, "geopulse");
  return join(env.HOME || homedir(), ".config", "geopulse");
}

export const configFile = (dir: string) => join(dir, "config.json");
export const credentialsFile = (dir: string) => join(dir, "credentials");

/**
 * Writes a file atomically: a sibling temp file with mode 0600, then a rename,
 * so a reader never sees a partial file and the secret is never world-readable.
 * The directory is created with mode 0700.
 */
export async function writePrivateFile(path: string, contents: string, dir: string): Promise<void> {
  const created = await mkdir(dir, { recursive: true, mode: 0o700 });
  if (created !== undefined) await chmod(dir, 0o700);
  const temp = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temp, contents, { mode: 0o600, flag: "wx" });
    await chmod(temp, 0o600);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** The stored config and key of one config directory. */
export class ConfigStore {
  constructor(readonly dir: string) {}

  async read(): Promise<StoredConfig> {
    const text = await readOptional(configFile(this.dir));
    if (!text) return {};
    try {
      const parsed = JSON.parse(text) as StoredConfig;
      return typeof parsed === "object" && parsed !== null ? parsed : {};
    } catch {
      throw new Error(`${configFile(this.dir)} is not valid JSON; fix or delete it.`);
    }
  }

  async write(config: StoredConfig): Promise<void> {
    await writePrivateFile(configFile(this.dir), `${JSON.stringify(config, null, 2)}\n`, this.dir);
  }

  async readApiKey(): Promise<string | undefined> {
    const text = await readOptional(credentialsFile(this.dir));
    return text?.trim() || undefined;
  }

  async writeApiKey(apiKey: string): Promise<void> {
    await writePrivateFile(credentialsFile(this.dir), `${apiKey}\n`, this.dir);
  }

  /** Deletes the stored key and forgets its workspace; keeps the base URL. Whether a key was stored. */
  async clearApiKey(): Promise<boolean> {
    const had = (await this.readApiKey()) !== undefined;
    await rm(credentialsFile(this.dir), { force: true });
    const config = await this.read();
    if (config.workspace !== undefined || config.keyId !== undefined) {
      await this.write({ baseUrl: config.baseUrl });
    }
    return had;
  }
}
