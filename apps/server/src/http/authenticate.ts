import { parse as parseCookies } from "cookie";
import type { NextFunction, Request, Response } from "express";
import type { AppContext } from "../context.js";
import { errors } from "../errors/app-error.js";
import { apiKeyPattern, resolveApiKey } from "../services/auth/resolve-api-key.js";
import { resolveSession } from "../services/auth/resolve-session.js";
import { resolveWorkspaceAccess } from "../services/workspaces/resolve-workspace-access.js";
import { crossSiteEvidence } from "./cross-site.js";
import type { Operation } from "./operation-index.js";
import { hasRole, type Principal, type WorkspaceAccess } from "./principal.js";
import { sessionCookieName } from "./session-cookie.js";

export interface RequestAuth {
  operation: Operation;
  principal: Principal;
  workspace: WorkspaceAccess | undefined;
}

/** What authentication left on the response for the handler. */
export function requestAuth(res: Response): RequestAuth | undefined {
  return res.locals.auth as RequestAuth | undefined;
}

async function identify(ctx: AppContext, req: Request): Promise<Principal> {
  const authorization = req.headers.authorization;
  const cookieValue = req.headers.cookie
    ? parseCookies(req.headers.cookie)[sessionCookieName]
    : undefined;
  if (authorization !== undefined && cookieValue !== undefined) {
    throw errors.ambiguousCredentials();
  }
  if (authorization !== undefined) {
    const match = /^Bearer (\S+)$/.exec(authorization);
    const secret = match?.[1];
    if (!secret || !apiKeyPattern.test(secret)) throw errors.invalidKey();
    const key = await resolveApiKey({ ctx, secret, clientAddress: req.ip });
    if (!key) throw errors.invalidKey();
    return key;
  }
  if (cookieValue !== undefined) {
    const session = await resolveSession({ ctx, cookieValue });
    if (!session) throw errors.invalidSession();
    return session;
  }
  return { kind: "anonymous" };
}

/**
 * Applies the operation's access rule from the contract to the principal: its kind and
 * scopes (`security`), then its role in the workspace (`x-min-role`; a key's is its creator's).
 */
function authorize(
  operation: Operation,
  principal: Principal,
  workspace: WorkspaceAccess | undefined,
): void {
  const { access } = operation;
  if (principal.kind === "anonymous") throw errors.unauthenticated();
  // A session reaches every non-public operation but the key-only ones.
  if (principal.kind === "session") {
    if (!access.session) throw errors.apiKeyRequired();
  } else {
    if (!access.keyScopes) throw errors.sessionRequired();
    const missing = access.keyScopes.find((scope) => !principal.scopes.includes(scope));
    if (missing) throw errors.insufficientScope(missing);
  }
  if (operation.minRole === "member") return;
  const role = principal.kind === "api_key" ? principal.role : (workspace?.role ?? null);
  if (!hasRole(role, operation.minRole)) throw errors.insufficientRole(operation.minRole, role);
}

/**
 * Runs before body parsing and validation, so callers learn nothing about a
 * route's input rules, or a workspace's existence, before they are allowed in.
 * Order: credentials (401) -> a cross-site change with the session cookie (403) -> workspace
 * (404) -> principal kind and scope (403).
 */
export function authenticate(ctx: AppContext) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const matched = ctx.operations.match(req.method, req.path);
    if (!matched) {
      // An API path no operation has exactly (another case, a trailing slash) is not found here,
      // before anything else could read it as a near match; a known path with another method
      // is left to the validator's 405 with `Allow`.
      if (req.path.startsWith("/api/") && !ctx.operations.hasPath(req.path)) {
        throw errors.notFound("Route");
      }
      return next();
    }
    const { operation, params } = matched;
    if (operation.access.public) {
      res.locals.auth = { operation, principal: { kind: "anonymous" }, workspace: undefined };
      return next();
    }
    const principal = await identify(ctx, req);
    if (principal.kind === "anonymous") throw errors.unauthenticated();
    // A change made with the session cookie must come from this server's own pages.
    if (principal.kind === "session") {
      const evidence = crossSiteEvidence(req, ctx.config.publicUrl);
      if (evidence) throw errors.crossSiteRequest(evidence);
    }
    let workspace: WorkspaceAccess | undefined;
    if (operation.workspaceScoped) {
      workspace = await resolveWorkspaceAccess({ ctx, principal, slug: params.workspace ?? "" });
      if (!workspace) throw errors.workspaceNotFound();
    }
    authorize(operation, principal, workspace);
    res.locals.auth = { operation, principal, workspace } satisfies RequestAuth;
    next();
  };
}
