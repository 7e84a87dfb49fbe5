import type { Prisma, PrismaClient } from "@geopulse/db";
import type { AppContext } from "../../context.js";
import type { GoogleCredential } from "../../engines/google/google-credential-auth.js";
import type { GoogleProvider } from "../../engines/google/probe-google-property.js";
import { openGoogleCredential } from "../connections/open-google-credential.js";

export const SEO_SOURCES: readonly GoogleProvider[] = ["search_console", "analytics"];

export type SeoSource =
  | { source: GoogleProvider; ok: true; property: string; credential: GoogleCredential }
  | { source: GoogleProvider; ok: false; reason: string };

export interface OpenSeoSourcesOptions {
  ctx: AppContext;
  db?: PrismaClient | Prisma.TransactionClient;
  workspaceId: string;
}

/**
 * Each Google source of a workspace with what a refresh needs to pull it: the property and
 * the connection's credential (a service-account key or an OAuth refresh token), opened in
 * memory; or why it cannot be pulled (no credential, no property, a stored value that cannot
 * be used, OAuth no longer configured on the server).
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
    const opened = openGoogleCredential(ctx, workspaceId, credential);
    if ("failure" in opened) return { source, ok: false, reason: opened.failure.message };
    return { source, ok: true, property, credential: opened };
  });
}
