import type { Scope } from "@geopulse/api-types";
import type { ApiKey, Prisma } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { hashCapability } from "../../crypto/capability-token.js";
import { newId } from "../../ids.js";
import { randomToken } from "../../random.js";
import {
  deliveryAad,
  generateKeySecret,
  keyPrefix,
  serializeDeliveryCopy,
} from "./generate-key-secret.js";
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
  /** A pending key's deliveryId (256 random bits; the row holds only its hash); null otherwise. */
  deliveryId: string | null;
}

/** Inserts a key; the plaintext leaves only in the return value. */
export async function mintApiKey(options: MintApiKeyOptions): Promise<MintedApiKey> {
  const { ctx, tx } = options;
  const now = ctx.clock.now();
  const id = newId("key", ctx.clock);
  const { secret, prefix, last4 } = generateKeySecret();
  const { hash, version } = ctx.secrets.keyHasher.hash(secret);
  const deliveryId = options.pending ? randomToken() : null;
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
      deliveryIdHash: deliveryId ? hashCapability(deliveryId) : null,
      deliveryCiphertext: deliveryId
        ? ctx.secrets.secretBox.seal(serializeDeliveryCopy({ secret, deliveryId }), deliveryAad(id))
        : null,
      deliveryExpiresAt: options.pending ? new Date(now.getTime() + deliveryWindowMs) : null,
      replacesKeyId: options.replacesKeyId ?? null,
      source: options.source,
      createdByUserId: options.createdByUserId,
      createdAt: now,
      acknowledgedAt: options.pending ? null : now,
    },
  });
  return { key, secret, deliveryId };
}
