import type {
  EmailProvisioning,
  Language,
  Quotas,
  Workspace as WorkspaceResponse,
} from "@geopulse/api-types";
import type { Workspace } from "@geopulse/db";
import type { WorkspaceAccess } from "../../http/principal.js";

export function toEmailProvisioning(
  workspace: Pick<
    Workspace,
    "slug" | "emailStatus" | "emailAddress" | "inboxId" | "emailAttempts" | "emailMessage"
  >,
): EmailProvisioning {
  return {
    workspace: workspace.slug,
    status: workspace.emailStatus as EmailProvisioning["status"],
    email: workspace.emailAddress,
    inboxId: workspace.inboxId,
    attempts: workspace.emailAttempts,
    message: workspace.emailMessage,
  };
}

/** The workspace fields its response shows, with its competitors in position order. */
export type WorkspaceView = Pick<
  Workspace,
  | "slug"
  | "brand"
  | "displayName"
  | "domains"
  | "languages"
  | "regions"
  | "gscProperty"
  | "ga4Property"
  | "activeSetSize"
  | "complianceProfile"
  | "quotas"
  | "emailStatus"
  | "emailAddress"
  | "inboxId"
  | "emailAttempts"
  | "emailMessage"
  | "createdAt"
  | "updatedAt"
> & { competitors: WorkspaceResponse["competitors"] };

export function toWorkspaceResponse(
  workspace: WorkspaceView,
  role: WorkspaceAccess["role"],
): WorkspaceResponse {
  return {
    slug: workspace.slug,
    brand: workspace.brand,
    displayName: workspace.displayName,
    domains: workspace.domains,
    languages: workspace.languages as Language[],
    regions: workspace.regions,
    competitors: workspace.competitors,
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
