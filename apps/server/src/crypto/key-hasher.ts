import { createHmac, createSecretKey, type KeyObject } from "node:crypto";

export interface Pepper {
  version: number;
  secret: Buffer;
}

/**
 * HMAC-SHA256 of API key secrets under a server pepper. Rows record the pepper
 * version; lookups try every configured version, newest first, so the pepper
 * can be rotated without invalidating keys.
 */
export class KeyHasher {
  /** Prepared once: every authenticated request hashes its key. */
  readonly #peppers: Array<{ version: number; key: KeyObject }>;

  constructor(peppers: Pepper[]) {
    if (peppers.length === 0) throw new Error("KeyHasher needs at least one pepper");
    this.#peppers = [...peppers]
      .sort((a, b) => b.version - a.version)
      .map((pepper) => ({ version: pepper.version, key: createSecretKey(pepper.secret) }));
  }

  get currentVersion(): number {
    return (this.#peppers[0] as { version: number }).version;
  }

  hash(secret: string): { hash: string; version: number } {
    const current = this.#peppers[0] as { version: number; key: KeyObject };
    return { hash: hmac(current.key, secret), version: current.version };
  }

  /** The hashes the secret would have under each configured pepper. */
  candidates(secret: string): string[] {
    return this.#peppers.map((pepper) => hmac(pepper.key, secret));
  }
}

function hmac(pepper: KeyObject, secret: string): string {
  return createHmac("sha256", pepper).update(secret).digest("hex");
}
