import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

export interface EncryptionKey {
  id: string;
  /** 32 bytes. */
  key: Buffer;
}

/**
 * AES-256-GCM sealing with key ids, so keys can be rotated: new data is sealed
 * with the current key, old data stays readable with the key named in it. The
 * associated data binds a ciphertext to its row, so it cannot be moved to another.
 */
export class SecretBox {
  readonly #keys: Map<string, Buffer>;
  readonly currentKeyId: string;

  constructor(keys: EncryptionKey[], currentKeyId: string) {
    if (keys.length === 0) throw new Error("SecretBox needs at least one key");
    for (const { id, key } of keys) {
      if (key.length !== 32) throw new Error(`encryption key ${id} must be 32 bytes`);
    }
    this.#keys = new Map(keys.map(({ id, key }) => [id, key]));
    if (!this.#keys.has(currentKeyId)) throw new Error(`unknown current key ${currentKeyId}`);
    this.currentKeyId = currentKeyId;
  }

  /** Returns `<keyId>.<base64url(iv | ciphertext | tag)>`. */
  seal(plaintext: string, associatedData: string): string {
    const key = this.#keys.get(this.currentKeyId) as Buffer;
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    cipher.setAAD(Buffer.from(associatedData));
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    const sealed = Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
    return `${this.currentKeyId}.${sealed}`;
  }

  /** Throws when the key is unknown or the data was tampered with or moved. */
  open(sealed: string, associatedData: string): string {
    const dot = sealed.indexOf(".");
    const key = this.#keys.get(sealed.slice(0, dot));
    if (dot <= 0 || !key) throw new Error("sealed with an unknown key");
    const raw = Buffer.from(sealed.slice(dot + 1), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(associatedData));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([
      decipher.update(raw.subarray(12, raw.length - 16)),
      decipher.final(),
    ]).toString("utf8");
  }

  keyIdOf(sealed: string): string {
    return sealed.slice(0, sealed.indexOf("."));
  }
}
