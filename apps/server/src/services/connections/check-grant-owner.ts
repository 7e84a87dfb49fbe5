import type { ConnectionProvider } from "@geopulse/api-types";
import type { Prisma } from "@geopulse/db";
import { errors } from "../../errors/app-error.js";
import type { Principal } from "../../http/principal.js";

/** What decides who may point a credential at a property. */
export interface GrantCredential {
  kind: string;
  grantedByUserId: string | null;
}

/**
 * A Google OAuth grant is one person's access to Google: only that person may point it at a
 * property (configure a connection with it, or change the property of a connection that uses
 * it). Anyone else, whatever their role, and every API key, gets 403
 * oauth_grant_owner_required; a service-account key has no such owner.
 */
export function checkGrantOwner(
  principal: Principal,
  credential: GrantCredential | null | undefined,
  provider: ConnectionProvider,
  field: string,
): void {
  if (credential?.kind !== "google_oauth") return;
  if (principal.kind === "session" && credential.grantedByUserId === principal.userId) return;
  throw errors.oauthGrantOwnerRequired(provider, field);
}

const settingsFields = [
  ["search_console", "gscProperty"],
  ["analytics", "ga4Property"],
] as const;

/**
 * The settings route edits the same properties (the workspace columns are their one home):
 * a property changed there moves the connection that uses it, so the same rule holds.
 */
export async function checkPropertyEdits(options: {
  tx: Prisma.TransactionClient;
  principal: Principal;
  workspaceId: string;
  current: { gscProperty: string; ga4Property: string };
  input: { gscProperty?: string; ga4Property?: string };
}): Promise<void> {
  const { tx, principal, workspaceId, current, input } = options;
  for (const [provider, column] of settingsFields) {
    const next = input[column];
    if (next === undefined || next === current[column]) continue;
    const connection = await tx.connection.findUnique({
      where: { workspaceId_provider: { workspaceId, provider } },
      select: { credential: { select: { kind: true, grantedByUserId: true } } },
    });
    checkGrantOwner(principal, connection?.credential, provider, `body.${column}`);
  }
}
