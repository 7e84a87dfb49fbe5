import type {
  DeviceAuthorization as DeviceAuthorizationResponse,
  Scope,
} from "@geopulse/api-types";
import type { DeviceAuthorization } from "@geopulse/db";
import { formatUserCode } from "./user-code.js";

export function toDeviceAuthorizationResponse(
  row: DeviceAuthorization,
  workspaceSlug: string | null,
  now: Date,
): DeviceAuthorizationResponse {
  const expired = row.status === "pending" && row.expiresAt <= now;
  return {
    userCode: formatUserCode(row.userCode),
    clientName: row.clientName,
    status: expired ? "expired" : (row.status as DeviceAuthorizationResponse["status"]),
    requestedScopes: row.requestedScopes as Scope[],
    workspace: workspaceSlug,
    approvedScopes: row.approvedScopes as Scope[],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
