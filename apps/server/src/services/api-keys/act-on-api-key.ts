import type { ApiKeyActionResult, RequestBody } from "@geopulse/api-types";
import { errors } from "../../errors/app-error.js";
import { hasRole, type SessionPrincipal } from "../../http/principal.js";
import type { WorkspaceOperation } from "../operation.js";
import { acknowledgeApiKey } from "./acknowledge-api-key.js";
import { confirmKeyRotation } from "./confirm-key-rotation.js";
import { resumeKeyDelivery } from "./resume-key-delivery.js";
import { revokeApiKey } from "./revoke-api-key.js";
import { rotateApiKey } from "./rotate-api-key.js";

export interface KeyActionOptions extends WorkspaceOperation {
  principal: SessionPrincipal;
  keyId: string;
  input: RequestBody<"actOnApiKey">;
}

const actions = {
  "resume-delivery": resumeKeyDelivery,
  acknowledge: acknowledgeApiKey,
  rotate: rotateApiKey,
  "confirm-rotation": confirmKeyRotation,
  revoke: revokeApiKey,
} satisfies Record<
  RequestBody<"actOnApiKey">["action"],
  (o: KeyActionOptions) => Promise<ApiKeyActionResult>
>;

/**
 * The lifecycle of the specification's key table, one action per file. A `member` acts only on
 * the keys they created; owners and admins on any key of the workspace.
 */
export async function actOnApiKey(options: KeyActionOptions): Promise<ApiKeyActionResult> {
  const { ctx, workspace, principal, keyId } = options;
  if (!hasRole(workspace.role, "admin")) {
    const key = await ctx.prisma.apiKey.findFirst({
      where: { id: keyId, workspaceId: workspace.id },
      select: { createdByUserId: true },
    });
    if (!key) throw errors.notFound("API key");
    if (key.createdByUserId !== principal.userId) {
      throw errors.insufficientRole("admin", workspace.role);
    }
  }
  return actions[options.input.action](options);
}
