import type { Connections } from "@geopulse/api-types";
import type { WorkspaceOperation } from "../operation.js";
import { loadConnections } from "./load-connections.js";

/** Both connections of the workspace (`listConnections`). */
export function listConnections({ ctx, workspace }: WorkspaceOperation): Promise<Connections> {
  return loadConnections({ db: ctx.prisma, workspace });
}
