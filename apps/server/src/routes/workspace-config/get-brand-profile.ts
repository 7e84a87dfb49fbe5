import { defineHandler } from "../../http/handler.js";
import { getBrandProfile as getBrandProfileService } from "../../services/workspace-config/get-brand-profile.js";

export const getBrandProfile = defineHandler("getBrandProfile")(async ({ op }) => ({
  status: 200,
  body: await getBrandProfileService(op),
}));
