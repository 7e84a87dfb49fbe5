import type { Scope } from "@geopulse/api-types";
import type { AppContext } from "../../context.js";
import { errors } from "../../errors/app-error.js";
import { hasRole, type Role } from "../../http/principal.js";

export interface CheckScopesForRoleOptions {
  ctx: AppContext;
  /** The role of the member giving the scopes (to a new key, a rotation or a device login). */
  role: Role | null;
  scopes: readonly Scope[];
}

/**
 * A member gives a key only scopes they could use themselves: a scope that an operation needing
 * a higher role (`x-min-role`) requires is `403 insufficient_role` naming it. The contract
 * decides which scopes those are (`OperationIndex.roleForScope`).
 */
export function checkScopesForRole({ ctx, role, scopes }: CheckScopesForRoleOptions): void {
  for (const scope of scopes) {
    const needed = ctx.operations.roleForScope(scope);
    if (!hasRole(role, needed)) throw errors.insufficientRole(needed, role, scope);
  }
}
