import { defineHandler } from "../../http/handler.js";
import { sessionOp } from "../../http/require.js";
import { findDeviceAuthorization } from "../../services/device-auth/find-device-authorization.js";
import { toDeviceAuthorizationResponse } from "../../services/device-auth/to-device-authorization-response.js";

export const getDeviceAuthorization = defineHandler("getDeviceAuthorization")(
  async ({ op, app, params, req }) => {
    const row = await findDeviceAuthorization({
      ...sessionOp(op),
      userCode: params.code,
      clientAddress: req.ip,
    });
    const workspace = row.workspaceId
      ? await app.prisma.workspace.findUnique({
          where: { id: row.workspaceId },
          select: { slug: true },
        })
      : null;
    return {
      status: 200,
      body: toDeviceAuthorizationResponse(row, workspace?.slug ?? null, app.clock.now()),
    };
  },
);
