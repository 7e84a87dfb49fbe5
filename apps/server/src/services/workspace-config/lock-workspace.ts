import type { Prisma, Workspace } from "@geopulse/db";
import { errors } from "../../errors/app-error.js";

/**
 * Reads the workspace with a row lock held until the transaction ends. Every
 * change that depends on a count of the workspace's rows (the active prompt
 * set, the number of competitors, activeSetSize) takes it first, so concurrent
 * requests run one after the other and cannot together pass a limit.
 */
export async function lockWorkspace(
  tx: Prisma.TransactionClient,
  workspaceId: string,
): Promise<Workspace> {
  await tx.$executeRaw`SELECT 1 FROM workspaces WHERE id = ${workspaceId} FOR UPDATE`;
  const workspace = await tx.workspace.findUnique({ where: { id: workspaceId } });
  if (!workspace) throw errors.workspaceNotFound();
  return workspace;
}
