import type { AppContext } from "../context.js";
import type { Principal, WorkspaceAccess } from "../http/principal.js";

/**
 * One request's operation: the app's dependencies, who asks, and the request
 * id its audit records carry. A handler receives it ready-made (`op` in its
 * context) and spreads it into the service's options; a service's options
 * extend it, and its audit records are written from it (`audit/audit.ts`).
 */
export interface Operation {
  ctx: AppContext;
  principal: Principal;
  requestId: string;
}

/** An operation on one workspace, after access to it was granted. */
export interface WorkspaceOperation extends Operation {
  workspace: WorkspaceAccess;
}
