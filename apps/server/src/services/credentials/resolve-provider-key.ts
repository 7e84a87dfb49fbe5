import type { Prisma, PrismaClient } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { credentialAad } from "../../crypto/credential-identity.js";
import type { RealEngineId } from "../../engines/connectors/provider-settings.js";

export type ProviderKeySource = "workspace" | "operator";

/**
 * The key an engine is asked with for a workspace: its stored credential
 * (connector = engine id, key = "api_key") when it has one that opens, else
 * the operator's environment key, else undefined. A credential that fails to
 * open is logged (never its value) and treated as absent.
 */
export async function resolveProviderKey(
  ctx: AppContext,
  workspaceId: string,
  engine: RealEngineId,
  db: PrismaClient | Prisma.TransactionClient = ctx.prisma,
): Promise<{ apiKey: string; source: ProviderKeySource } | undefined> {
  const identity = { workspaceId, connector: engine, key: "api_key" };
  const row = await db.storedCredential.findUnique({
    where: { workspaceId_connector_key: identity },
  });
  if (row) {
    try {
      const value = ctx.secrets.secretBox.open(row.ciphertext, credentialAad(identity)).trim();
      if (value) return { apiKey: value, source: "workspace" };
    } catch {
      ctx.logger.warn(
        { workspaceId, connector: engine },
        "stored engine credential could not be opened; using the operator key if any",
      );
    }
  }
  const operatorKey = ctx.config.providers[engine].operatorKey;
  return operatorKey ? { apiKey: operatorKey, source: "operator" } : undefined;
}
