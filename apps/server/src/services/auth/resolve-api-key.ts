import type { Scope } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import { addressInRanges } from "../../http/cidr.js";
import type { ApiKeyPrincipal } from "../../http/principal.js";
import { authenticates, effectiveState } from "../api-keys/key-state.js";
import { keyPrefixOf } from "../api-keys/to-api-key-response.js";

export const apiKeyPattern = /^gp_live_[A-Za-z0-9_-]{43}$/;

const lastUsedResolutionMs = 60_000;

export interface ResolveApiKeyOptions {
  ctx: AppContext;
  secret: string;
  clientAddress: string | undefined;
}

/**
 * The principal of a live key, or undefined. Looked up by HMAC on every
 * request (no cache), so a revocation holds from the very next request.
 * A key restricted to CIDR ranges answers 403 ip_forbidden from elsewhere.
 */
export async function resolveApiKey({
  ctx,
  secret,
  clientAddress,
}: ResolveApiKeyOptions): Promise<ApiKeyPrincipal | undefined> {
  const key = await ctx.prisma.apiKey.findFirst({
    where: { secretHash: { in: ctx.secrets.keyHasher.candidates(secret) } },
    include: { workspace: { select: { slug: true } } },
  });
  const now = ctx.clock.now();
  if (!key || !authenticates(effectiveState(key, now))) return undefined;
  if (key.allowedCidrs.length > 0 && !addressInRanges(clientAddress, key.allowedCidrs)) {
    throw errors.ipForbidden();
  }
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > lastUsedResolutionMs) {
    await ctx.prisma.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: now } });
  }
  return {
    kind: "api_key",
    keyId: key.id,
    workspaceId: key.workspaceId,
    workspaceSlug: key.workspace.slug,
    scopes: key.scopes as Scope[],
    prefix: keyPrefixOf(key),
    last4: key.last4,
  };
}
