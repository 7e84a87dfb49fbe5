import type { ReportShareLink } from "@geopulse/api-types";

export interface StoredShareLink {
  id: string;
  reportId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** A share link as the API shows it (never its token), its status decided by the clock. */
export function toShareLink(row: StoredShareLink, now: Date): ReportShareLink {
  return {
    id: row.id,
    reportId: row.reportId,
    status: row.revokedAt ? "revoked" : row.expiresAt <= now ? "expired" : "active",
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
