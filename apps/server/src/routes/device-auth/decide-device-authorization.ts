import type { Request } from "express";
import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import {
  type DecideDeviceAuthorizationOptions,
  decideDeviceAuthorization,
} from "../../services/device-auth/decide-device-authorization.js";
import type { Operation } from "../../services/operation.js";

/** Approve and deny differ only in the decision. */
const decide = (
  op: Operation,
  code: string,
  req: Request,
  decision: DecideDeviceAuthorizationOptions["decision"],
) =>
  decideDeviceAuthorization({ ...sessionOp(op), userCode: code, clientAddress: req.ip, decision });

export const approveDeviceAuthorization = defineHandler("approveDeviceAuthorization")(
  async ({ op, params, body, req }) => ({
    status: 200,
    body: await decide(op, params.code, req, {
      approve: true,
      workspace: body.workspace,
      scopes: body.scopes,
    }),
  }),
);

export const denyDeviceAuthorization = defineHandler("denyDeviceAuthorization")(
  async ({ op, params, req }) => ({
    status: 200,
    body: await decide(op, params.code, req, { approve: false }),
  }),
);
