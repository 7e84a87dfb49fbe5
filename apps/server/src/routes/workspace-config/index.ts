import type { HandlerRegistry } from "../../http/handler.js";
import { createCompetitor } from "./create-competitor.js";
import { deleteCompetitor } from "./delete-competitor.js";
import { getBrandProfile } from "./get-brand-profile.js";
import { getCompetitor } from "./get-competitor.js";
import { getMeasurementModel } from "./get-measurement-model.js";
import { getWorkspaceSettings } from "./get-workspace-settings.js";
import { listCompetitors } from "./list-competitors.js";
import { putBrandProfile } from "./put-brand-profile.js";
import { putMeasurementModel } from "./put-measurement-model.js";
import { updateCompetitor } from "./update-competitor.js";
import { updateWorkspaceSettings } from "./update-workspace-settings.js";

/** Workspace configuration: settings, brand profile, measurement model, competitors. */
export const workspaceConfigHandlers: HandlerRegistry = {
  getWorkspaceSettings,
  updateWorkspaceSettings,
  getBrandProfile,
  putBrandProfile,
  getMeasurementModel,
  putMeasurementModel,
  listCompetitors,
  createCompetitor,
  getCompetitor,
  updateCompetitor,
  deleteCompetitor,
};
