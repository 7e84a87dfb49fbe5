import { defineHandler } from "../../http/handler.js";
import { putBrandProfile as putBrandProfileService } from "../../services/workspace-config/put-brand-profile.js";

export const putBrandProfile = defineHandler("putBrandProfile")(async ({ op, body }) => ({
  status: 200,
  body: await putBrandProfileService({ ...op, input: body }),
}));
