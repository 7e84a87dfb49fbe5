import type { Scope } from "@geopulse/api-types";
import type { ApiKey, Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { newId } from "../../ids.js";
import { deliveryAad, generateKeySecret, keyPrefix } from "./generate-key-secret.js";
import { deliveryWindowMs } from "./key-state.js";

export interface MintApiKeyOptions {
  ctx: AppContext;
  tx: Prisma.TransactionClient;
  workspaceId: string;
  name: string;
  scopes: Scope[];
  allowedCidrs: string[];
  source: "session" | "device";
  createdByUserId: string | null;
  replacesKeyId?: string;
  /** Pending keys keep a sealed delivery copy for the delivery window; device keys start active. */
  pending: boolean;
}

export interface MintedApiKey {
  key: ApiKey;
  secret: string;
}

/** Inserts a key; the plaintext leaves only in the return value. */
export async function mintApiKey(options: MintApiKeyOptions): Promise<MintedApiKey> {
  const { ctx, tx } = options;
  const now = ctx.clock.now();
  const id = newId("key", ctx.clock);
  const { secret, prefix, last4 } = generateKeySecret();
  const { hash, version } = ctx.secrets.keyHasher.hash(secret);
  const key = await tx.apiKey.create({
    data: {
      id,
      workspaceId: options.workspaceId,
      name: options.name,
      scopes: options.scopes,
      allowedCidrs: options.allowedCidrs,
      secretHead: prefix.slice(keyPrefix.length),
      last4,
      secretHash: hash,
      pepperVersion: version,
      state: options.pending ? "pending" : "active",
      deliveryId: options.pending ? newId("dlv", ctx.clock) : null,
      deliveryCiphertext: options.pending
        ? ctx.secrets.secretBox.seal(secret, deliveryAad(id))
        : null,
      deliveryExpiresAt: options.pending ? new Date(now.getTime() + deliveryWindowMs) : null,
      replacesKeyId: options.replacesKeyId ?? null,
      source: options.source,
      createdByUserId: options.createdByUserId,
      createdAt: now,
      acknowledgedAt: options.pending ? null : now,
    },
  });
  return { key, secret };
}
