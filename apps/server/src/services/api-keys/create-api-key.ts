import type { ApiKeyCreated, RequestBody, Scope } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import type { SessionPrincipal } from "../../http/principal.js";
import { audit } from "../audit/audit.js";
import { runIdempotent } from "../idempotency/idempotency.js";
import type { WorkspaceOperation } from "../operation.js";
import { checkAllowedCidrs } from "./check-allowed-cidrs.js";
import { checkScopesForRole } from "./check-scopes-for-role.js";
import { effectiveState } from "./key-state.js";
import { loadApiKey, openDeliveryCopy } from "./load-api-key.js";
import { mintApiKey } from "./mint-api-key.js";
import { toApiKeyCreated } from "./to-api-key-response.js";

export interface CreateApiKeyOptions extends WorkspaceOperation {
  principal: SessionPrincipal;
  input: RequestBody<"createApiKey">;
}

export async function createApiKey(options: CreateApiKeyOptions): Promise<ApiKeyCreated> {
  const { ctx, principal, workspace, input } = options;
  const scopes: Scope[] = input.scopes ?? ["workspace:read"];
  checkScopesForRole({ ctx, role: workspace.role, scopes });
  const allowedCidrs = checkAllowedCidrs(input.allowedCidrs);
  const { idempotencyKey, ...request } = input;
  return runIdempotent({
    ctx,
    scope: idempotencyKey
      ? {
          workspaceId: workspace.id,
          principalId: principal.userId,
          operation: "createApiKey",
          key: idempotencyKey,
          request,
        }
      : undefined,
    run: async (tx) => {
      const minted = await mintApiKey({
        ctx,
        tx,
        workspaceId: workspace.id,
        name: input.name,
        scopes,
        allowedCidrs,
        source: "session",
        createdByUserId: principal.userId,
        pending: true,
      });
      const { key } = minted;
      await audit(options, tx, "api_key.create", ["api_key", key.id], {
        name: key.name,
        scopes,
        allowedCidrs,
      });
      return { resourceId: key.id, result: toApiKeyCreated(key, minted) };
    },
    replay: (keyId) => replayPendingKey(ctx, workspace.id, keyId),
  });
}

/** A retried create or rotate: the same key, secret and deliveryId, while delivery is pending. */
export async function replayPendingKey(
  ctx: AppContext,
  workspaceId: string,
  keyId: string,
): Promise<ApiKeyCreated> {
  const key = await loadApiKey(ctx.prisma, workspaceId, keyId);
  if (effectiveState(key, ctx.clock.now()) !== "pending") {
    throw errors.deliveryExpired("replayed");
  }
  return toApiKeyCreated(key, openDeliveryCopy(ctx, key));
}
