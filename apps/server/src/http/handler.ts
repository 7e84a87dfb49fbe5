import type { Writable } from "node:stream";
import type {
  OperationId,
  PathParams,
  QueryParams,
  RequestBody,
  ResponseBody,
  ResponseStatus,
} from "@geopulse/api-types";
import type { Request, Response } from "express";
import type { Logger } from "pino";
import type { AppContext } from "../context.js";
import type { Operation, WorkspaceOperation } from "../services/operation.js";
import type { Principal, WorkspaceAccess } from "./principal.js";

/**
 * One documented response of an operation, typed by the contract. Handlers
 * return their successes (and documented non-error answers such as a degraded
 * health check); errors are thrown as AppError.
 */
export type HandlerResult<Op extends OperationId> = {
  [S in ResponseStatus<Op>]:
    | {
        status: S;
        body: S extends 204 ? undefined : ResponseBody<Op, S>;
        headers?: Record<string, string | string[]>;
      }
    | {
        status: S;
        /**
         * A body the handler writes itself (a file, a streamed CSV), after the status and
         * headers (which must name its Content-Type) are set; it must end the stream, and
         * destroy it on failure. Not checked against the contract's schemas.
         */
        stream: (out: Writable) => Promise<void>;
        headers: Record<string, string | string[]>;
      };
}[ResponseStatus<Op>];

/** Whether the operation's path holds `{workspace}` (so access to it was granted). */
type HasWorkspace<Op extends OperationId> = [PathParams<Op>] extends [never]
  ? false
  : "workspace" extends keyof PathParams<Op>
    ? true
    : false;

/**
 * The request's operation, ready to spread into a service's options
 * (`{ ...op, input: body }`): with the workspace when the path holds one.
 */
export type HandlerOperation<Op extends OperationId> =
  HasWorkspace<Op> extends true ? WorkspaceOperation : Operation & { workspace: undefined };

/** What a handler receives: validated input, the principal, and the app's dependencies. */
export interface HandlerContext<Op extends OperationId> {
  op: HandlerOperation<Op>;
  app: AppContext;
  requestId: string;
  log: Logger;
  principal: Principal;
  /** Set on operations whose path holds {workspace}, after access was granted. */
  workspace: WorkspaceAccess | undefined;
  body: RequestBody<Op>;
  params: PathParams<Op>;
  query: QueryParams<Op>;
  req: Request;
  res: Response;
}

export interface Handler<Op extends OperationId> {
  operationId: Op;
  handle(ctx: HandlerContext<Op>): Promise<HandlerResult<Op>>;
}

/**
 * Declares the handler of one operation; the contract types its input and
 * output. Curried so that the operationId alone fixes the types before the
 * handler body is checked against them.
 */
export function defineHandler<Op extends OperationId>(operationId: Op) {
  return (handle: (ctx: HandlerContext<Op>) => Promise<HandlerResult<Op>>): Handler<Op> => ({
    operationId,
    handle,
  });
}

/** Handlers by operationId; operations without one answer 501 not_implemented. */
export type HandlerRegistry = { [Op in OperationId]?: Handler<Op> };
