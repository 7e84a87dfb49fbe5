import type {
  DeviceAuthorization as DeviceAuthorizationResponse,
  Scope,
} from "@geopulse/api-types";
import { errors } from "../../errors/app-error.js";
import type { SessionPrincipal, WorkspaceAccess } from "../../http/principal.js";
import { checkScopesForRole } from "../api-keys/check-scopes-for-role.js";
import { audit } from "../audit/audit.js";
import type { Operation } from "../operation.js";
import { resolveWorkspaceAccess } from "../workspaces/resolve-workspace-access.js";
import { findDeviceAuthorization } from "./find-device-authorization.js";
import { toDeviceAuthorizationResponse } from "./to-device-authorization-response.js";

export interface DecideDeviceAuthorizationOptions extends Operation {
  principal: SessionPrincipal;
  userCode: string;
  clientAddress: string | undefined;
  decision: { approve: true; workspace: string; scopes: Scope[] | undefined } | { approve: false };
}

/** Approves (for one workspace the person belongs to, with chosen scopes) or denies. */
export async function decideDeviceAuthorization(
  options: DecideDeviceAuthorizationOptions,
): Promise<DeviceAuthorizationResponse> {
  const { ctx, principal, decision } = options;
  const row = await findDeviceAuthorization({ ...options });
  let workspace: WorkspaceAccess | undefined;
  if (decision.approve) {
    workspace = await resolveWorkspaceAccess({ ctx, principal, slug: decision.workspace });
    if (!workspace) throw errors.workspaceNotFound();
  }
  const now = ctx.clock.now();
  const scopes: Scope[] = decision.approve
    ? (decision.scopes ??
      (row.requestedScopes.length > 0 ? (row.requestedScopes as Scope[]) : ["workspace:read"]))
    : [];
  // The key is the approver's: their role must allow its scopes.
  if (workspace) checkScopesForRole({ ctx, role: workspace.role, scopes });
  return ctx.prisma.$transaction(async (tx) => {
    const updated = await tx.deviceAuthorization.updateMany({
      where: { id: row.id, status: "pending", expiresAt: { gt: now } },
      data: {
        status: decision.approve ? "approved" : "denied",
        workspaceId: workspace?.id ?? null,
        approvedScopes: scopes,
        approvedByUserId: principal.userId,
        decidedAt: now,
      },
    });
    if (updated.count !== 1) {
      throw errors.alreadyDecided("deviceAuthorization");
    }
    await audit(
      { ...options, workspace },
      tx,
      decision.approve ? "device_authorization.approve" : "device_authorization.deny",
      ["device_authorization", row.id],
      decision.approve ? { scopes } : undefined,
    );
    const decided = await tx.deviceAuthorization.findUniqueOrThrow({ where: { id: row.id } });
    return toDeviceAuthorizationResponse(decided, workspace?.slug ?? null, now);
  });
}
