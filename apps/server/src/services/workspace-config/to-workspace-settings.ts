import type { Language, Quotas, WorkspaceSettings } from "@geopulse/api-types";
import type { Workspace } from "@geopulse/db";
import { readSearchLocation } from "./search-location.js";

export function toWorkspaceSettings(workspace: Workspace): WorkspaceSettings {
  return {
    displayName: workspace.displayName,
    domains: workspace.domains,
    languages: workspace.languages as Language[],
    regions: workspace.regions,
    gscProperty: workspace.gscProperty,
    ga4Property: workspace.ga4Property,
    activeSetSize: workspace.activeSetSize,
    complianceProfile: workspace.complianceProfile as WorkspaceSettings["complianceProfile"],
    quotas: workspace.quotas as Quotas,
    searchLocation: readSearchLocation(workspace.searchLocation),
    updatedAt: workspace.updatedAt.toISOString(),
  };
}
