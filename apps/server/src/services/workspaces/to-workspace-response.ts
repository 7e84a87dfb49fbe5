import type {
  EmailProvisioning,
  Language,
  Quotas,
  Workspace as WorkspaceResponse,
} from "@geopulse/api-types";
import type { Competitor, Workspace } from "@geopulse/db";
import type { WorkspaceAccess } from "../../http/principal.js";

export function toEmailProvisioning(workspace: Workspace): EmailProvisioning {
  return {
    workspace: workspace.slug,
    status: workspace.emailStatus as EmailProvisioning["status"],
    email: workspace.emailAddress,
    inboxId: workspace.inboxId,
    attempts: workspace.emailAttempts,
    message: workspace.emailMessage,
  };
}

export function toWorkspaceResponse(
  workspace: Workspace & { competitors: Competitor[] },
  role: WorkspaceAccess["role"],
): WorkspaceResponse {
  return {
    slug: workspace.slug,
    brand: workspace.brand,
    displayName: workspace.displayName,
    domains: workspace.domains,
    languages: workspace.languages as Language[],
    regions: workspace.regions,
    competitors: [...workspace.competitors]
      .sort((a, b) => a.position - b.position)
      .map((competitor) => ({
        name: competitor.name,
        domains: competitor.domains,
        aliases: competitor.aliases,
        ambiguous: competitor.ambiguous,
      })),
    gscProperty: workspace.gscProperty,
    ga4Property: workspace.ga4Property,
    activeSetSize: workspace.activeSetSize,
    complianceProfile: workspace.complianceProfile as WorkspaceResponse["complianceProfile"],
    quotas: workspace.quotas as Quotas,
    emailProvisioning: toEmailProvisioning(workspace),
    role,
    createdAt: workspace.createdAt.toISOString(),
    updatedAt: workspace.updatedAt.toISOString(),
  };
}
