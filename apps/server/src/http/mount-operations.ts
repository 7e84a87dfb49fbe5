import type { OperationId } from "@geopulse/api-types";
import type { Express, Request, Response } from "express";
import type { AppContext } from "../context.js";
import { errors } from "../errors/app-error.js";
import { requestAuth } from "./authenticate.js";
import type { Handler, HandlerContext, HandlerRegistry } from "./handler.js";

/**
 * Routes every operation of the contract to its handler, so the spec alone
 * decides which routes exist. An operation without a handler answers 501
 * after its access rule was enforced.
 */
export function mountOperations(app: Express, ctx: AppContext, handlers: HandlerRegistry): void {
  for (const operation of ctx.operations.operations) {
    const handler = handlers[operation.operationId] as Handler<OperationId> | undefined;
    app[operation.method](operation.expressPath, async (req: Request, res: Response) => {
      const auth = requestAuth(res);
      // Only the operation authenticate matched and authorized may run: a route Express
      // matched but the index did not (or matched as another operation) is a fault, never a
      // call under another operation's authorization.
      if (auth?.operation !== operation) {
        throw new Error(
          `dispatched ${operation.operationId} but authenticated ${auth?.operation.operationId ?? "no operation"}`,
        );
      }
      if (!handler) throw errors.notImplemented(operation.operationId);
      const requestId = String(res.getHeader("X-Request-Id"));
      const handlerContext = {
        op: { ctx, principal: auth.principal, workspace: auth.workspace, requestId },
        app: ctx,
        requestId,
        log: req.log,
        principal: auth.principal,
        workspace: auth.workspace,
        body: req.body,
        params: req.params,
        query: req.query,
        req,
        res,
      } as unknown as HandlerContext<OperationId>;
      let result: {
        status: number;
        body?: unknown;
        headers?: Record<string, string | string[]>;
        stream?: (out: Response) => Promise<void>;
      };
      try {
        result = await handler.handle(handlerContext);
      } finally {
        // What a workspace's write committed is never served from this process's reads after its
        // answer, even before the database's notice is back (services/workspaces/workspace-read-cache.ts).
        if (operation.method !== "get" && auth.workspace) {
          ctx.workspaceReads.invalidate(auth.workspace.id);
        }
      }
      for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
      if (result.stream) {
        res.status(result.status);
        await result.stream(res);
      } else if (result.body === undefined) res.status(result.status).end();
      else res.status(result.status).json(result.body);
    });
  }
}
