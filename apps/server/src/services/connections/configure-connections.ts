import type { ConnectionProvider, Connections, RequestBody } from "@geopulse/api-types";
import type { Prisma } from "@geopulse/db";
import { errors } from "../../errors/app-error.js";
import { audit } from "../audit/audit.js";
import type { WorkspaceOperation } from "../operation.js";
import { checkGrantOwner } from "./check-grant-owner.js";
import { checkPropertyDomain } from "./check-property-domain.js";
import { CONNECTION_PROVIDERS, loadConnections } from "./load-connections.js";

export interface ConfigureConnectionsOptions extends WorkspaceOperation {
  input: RequestBody<"configureConnections">;
}

const propertyColumn = { search_console: "gscProperty", analytics: "ga4Property" } as const;

/**
 * Sets each provider's property (on the workspace, its one home) and credential (a stored
 * `google_service_account` or `google_oauth` credential of this workspace). Idempotent: what is already so is
 * left as it is, unaudited; a change clears the last test's outcome and is audited as
 * `connection.configure` with the provider, the credential id and the property (never a key).
 * Every field is checked before anything is written: a Search Console property names one of
 * the workspace's domains, and only the person who gave an OAuth grant may point it at a
 * property (docs/connections.md, Who may point a grant).
 */
export async function configureConnections(
  options: ConfigureConnectionsOptions,
): Promise<Connections> {
  const { ctx, workspace, principal, input } = options;
  const now = ctx.clock.now();
  return ctx.prisma.$transaction(async (tx) => {
    const current = await tx.workspace.findUniqueOrThrow({
      where: { id: workspace.id },
      select: { gscProperty: true, ga4Property: true, domains: true },
    });
    const existing = await tx.connection.findMany({ where: { workspaceId: workspace.id } });
    const requested = CONNECTION_PROVIDERS.flatMap((provider) => {
      const change = input[provider];
      return change ? [{ provider, change }] : [];
    });
    const ids = [
      ...requested.flatMap(({ change }) => (change.credentialId ? [change.credentialId] : [])),
      ...existing.flatMap((row) => (row.credentialId ? [row.credentialId] : [])),
    ];
    const credentials = await tx.storedCredential.findMany({
      where: { workspaceId: workspace.id, id: { in: ids } },
      select: { id: true, kind: true, grantedByUserId: true },
    });
    const plans = requested.map(({ provider, change }) => {
      const row = existing.find((c) => c.provider === provider);
      const credentialId = change.credentialId ?? row?.credentialId ?? null;
      const field = `body.${provider}.credentialId`;
      if (change.credentialId) {
        const credential = credentials.find((c) => c.id === change.credentialId);
        if (!credential)
          throw errors.field(
            field,
            "exists",
            `${field}: no credential ${change.credentialId} in this workspace.`,
          );
        if (credential.kind !== "google_service_account" && credential.kind !== "google_oauth")
          throw errors.field(
            field,
            "kind",
            `${field}: the credential is not a Google service-account key (store it with kind google_service_account) or an OAuth grant.`,
          );
      } else if (!credentialId) {
        throw errors.field(
          field,
          "required",
          `${field}: required, the connection has no credential yet.`,
        );
      }
      const property = change.property ?? current[propertyColumn[provider]];
      const propertyChanged = property !== current[propertyColumn[provider]];
      const credentialChanged = !row || row.credentialId !== credentialId;
      if (provider === "search_console" && (propertyChanged || credentialChanged))
        checkPropertyDomain(
          property,
          current.domains,
          change.property ? `body.${provider}.property` : `body.${provider}.credentialId`,
        );
      if (propertyChanged || credentialChanged)
        checkGrantOwner(
          principal,
          credentials.find((c) => c.id === credentialId),
          provider,
          propertyChanged ? `body.${provider}.property` : field,
        );
      const changed = credentialChanged || propertyChanged;
      return { provider, credentialId, property, row, changed };
    });
    const properties: Partial<Record<"gscProperty" | "ga4Property", string>> = {};
    for (const plan of plans) {
      if (!plan.changed) continue;
      if (plan.property !== current[propertyColumn[plan.provider]])
        properties[propertyColumn[plan.provider]] = plan.property;
      await upsertConnection(
        tx,
        workspace.id,
        plan.provider,
        plan.credentialId,
        now,
        plan.row !== undefined,
      );
      await audit(options, tx, "connection.configure", ["connection", plan.provider], {
        provider: plan.provider,
        credentialId: plan.credentialId,
        property: plan.property,
      });
    }
    if (Object.keys(properties).length > 0)
      await tx.workspace.update({
        where: { id: workspace.id },
        data: { ...properties, updatedAt: now },
      });
    return loadConnections({ db: tx, workspace });
  });
}

async function upsertConnection(
  tx: Prisma.TransactionClient,
  workspaceId: string,
  provider: ConnectionProvider,
  credentialId: string | null,
  now: Date,
  exists: boolean,
): Promise<void> {
  const cleared = {
    credentialId,
    testStatus: null,
    testedProperty: null,
    testedCredentialId: null,
    lastErrorCode: null,
    lastError: null,
    reconnectRequiredAt: null,
    updatedAt: now,
  };
  if (exists)
    await tx.connection.update({
      where: { workspaceId_provider: { workspaceId, provider } },
      data: cleared,
    });
  else await tx.connection.create({ data: { workspaceId, provider, ...cleared, createdAt: now } });
}
