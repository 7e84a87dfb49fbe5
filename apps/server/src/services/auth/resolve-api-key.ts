import type { Scope } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import { addressInRanges, clientAddressRange } from "../../http/cidr.js";
import type { ApiKeyPrincipal, Role } from "../../http/principal.js";
import { authenticates, effectiveState, type KeyState } from "../api-keys/key-state.js";
import { keyPrefixOf } from "../api-keys/to-api-key-response.js";
import { abuseLimits } from "../rate-limit/abuse-limits.js";
import { takeTokens } from "../rate-limit/token-bucket.js";
import type { CachedApiKey } from "./auth-cache.js";

export const apiKeyPattern = /^gp_live_[A-Za-z0-9_-]{43}$/;

export interface ResolveApiKeyOptions {
  ctx: AppContext;
  secret: string;
  clientAddress: string | undefined;
}

/**
 * The principal of a live key, or undefined. The key row comes from the auth
 * cache (by the secret's HMAC) or the database; its state is decided by the
 * clock on every request, and revoking, rotating or acknowledging drops the
 * entry here at once and in other processes when the commit's notice arrives.
 * Unknown secrets are not cached (a new key's secret was never seen before).
 * A key restricted to CIDR ranges answers 403 ip_forbidden from elsewhere; a
 * created but unacknowledged key answers 401 key_pending. A key acts with the current role of
 * the member who created it (read with the row, dropped with it when that member's role
 * changes); a key whose creator is no longer a member authenticates nothing (removal revokes
 * such keys; this holds for any left from before).
 *
 * Key guessing is throttled per client address (IPv4 address, IPv6 /64): a
 * secret the database does not know takes a token from the address's bucket
 * (`abuseLimits.unknownKeys`, one atomic statement), and with the bucket empty
 * it answers 429 rate_limited instead of 401 invalid_key. A key that exists
 * never spends or needs a token, so a neighbour guessing keys from the same
 * address locks no valid key out.
 */
export async function resolveApiKey({
  ctx,
  secret,
  clientAddress,
}: ResolveApiKeyOptions): Promise<ApiKeyPrincipal | undefined> {
  const candidates = ctx.secrets.keyHasher.candidates(secret);
  const cacheKey = candidates[0] as string;
  const key =
    ctx.authCache.apiKey(cacheKey) ??
    (await lookUpApiKey(ctx, candidates, cacheKey, clientAddress));
  const now = ctx.clock.now();
  if (!key || key.role === null) return undefined;
  const state = effectiveState(key, now);
  // Only the holder of the secret learns that it is pending; an unknown secret stays invalid_key.
  if (state === "pending") throw errors.keyPending();
  if (!authenticates(state)) return undefined;
  if (key.allowedCidrs.length > 0 && !addressInRanges(clientAddress, key.allowedCidrs)) {
    throw errors.ipForbidden();
  }
  ctx.keyUse.note(key.id, key.lastUsedAt, now);
  return {
    kind: "api_key",
    keyId: key.id,
    workspaceId: key.workspaceId,
    workspaceSlug: key.workspaceSlug,
    scopes: key.scopes,
    prefix: keyPrefixOf(key),
    last4: key.last4,
    role: key.role,
  };
}

async function lookUpApiKey(
  ctx: AppContext,
  candidates: string[],
  cacheKey: string,
  clientAddress: string | undefined,
): Promise<CachedApiKey | undefined> {
  const key = await loadApiKey(ctx, candidates, cacheKey);
  if (key) return key;
  await takeTokens(ctx, [
    { bucket: `unknown-key:ip:${clientAddressRange(clientAddress)}`, ...abuseLimits.unknownKeys },
  ]);
  return undefined;
}

async function loadApiKey(
  ctx: AppContext,
  candidates: string[],
  cacheKey: string,
): Promise<CachedApiKey | undefined> {
  const generation = ctx.authCache.generation();
  const row = await ctx.prisma.apiKey.findFirst({
    where: { secretHash: { in: candidates } },
    select: {
      id: true,
      workspaceId: true,
      scopes: true,
      allowedCidrs: true,
      state: true,
      deliveryExpiresAt: true,
      graceEndsAt: true,
      secretHead: true,
      last4: true,
      lastUsedAt: true,
      createdByUserId: true,
      workspace: { select: { slug: true } },
    },
  });
  if (!row) return undefined;
  const creator = row.createdByUserId
    ? await ctx.prisma.member.findUnique({
        where: {
          workspaceId_userId: { workspaceId: row.workspaceId, userId: row.createdByUserId },
        },
        select: { role: true },
      })
    : null;
  const { workspace, ...fields } = row;
  const key: CachedApiKey = {
    ...fields,
    role: (creator?.role ?? null) as Role | null,
    workspaceSlug: workspace.slug,
    scopes: row.scopes as Scope[],
    state: row.state as KeyState,
  };
  ctx.authCache.storeApiKey(generation, cacheKey, key);
  return key;
}
