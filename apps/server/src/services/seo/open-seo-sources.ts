import type { Prisma, PrismaClient } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import { credentialAad } from "../../crypto/credential-identity.js";
import {
  type GoogleServiceAccountKey,
  parseServiceAccountKey,
} from "../../engines/google/google-service-account-key.js";
import type { GoogleProvider } from "../../engines/google/probe-google-property.js";

export const SEO_SOURCES: readonly GoogleProvider[] = ["search_console", "analytics"];

export type SeoSource =
  | { source: GoogleProvider; ok: true; property: string; key: GoogleServiceAccountKey }
  | { source: GoogleProvider; ok: false; reason: string };

export interface OpenSeoSourcesOptions {
  ctx: AppContext;
  db?: PrismaClient | Prisma.TransactionClient;
  workspaceId: string;
}

/**
 * Each Google source of a workspace with what a refresh needs to pull it: the property and
 * the connection's service-account key, opened in memory; or why it cannot be pulled (no
 * credential, no property, a stored value that is not a key).
 */
export async function openSeoSources({
  ctx,
  db = ctx.prisma,
  workspaceId,
}: OpenSeoSourcesOptions): Promise<SeoSource[]> {
  const [workspace, connections] = await Promise.all([
    db.workspace.findUniqueOrThrow({
      where: { id: workspaceId },
      select: { gscProperty: true, ga4Property: true },
    }),
    db.connection.findMany({ where: { workspaceId }, include: { credential: true } }),
  ]);
  return SEO_SOURCES.map((source): SeoSource => {
    const credential = connections.find((c) => c.provider === source)?.credential;
    const property = source === "search_console" ? workspace.gscProperty : workspace.ga4Property;
    if (!credential)
      return { source, ok: false, reason: "The connection has no credential; configure it." };
    if (!property) return { source, ok: false, reason: "The workspace has no property for it." };
    const value = ctx.secrets.secretBox.open(
      credential.ciphertext,
      credentialAad({ workspaceId, connector: credential.connector, key: credential.key }),
    );
    const parsed = parseServiceAccountKey(value);
    if (!parsed.ok)
      return { source, ok: false, reason: `The stored credential ${parsed.problem}.` };
    return { source, ok: true, property, key: parsed.key };
  });
}
