import type { CompetitorRecord } from "@geopulse/api-types";
import type { Competitor, Prisma } from "@geopulse/db";
import { errors } from "../../errors/app-error.js";

/** Bounds of the competitor list, as at workspace creation. */
export const minCompetitors = 2;
export const maxCompetitors = 12;

export function toCompetitorRecord(competitor: Competitor): CompetitorRecord {
  return {
    competitorId: competitor.id,
    name: competitor.name,
    domains: competitor.domains,
    aliases: competitor.aliases,
    ambiguous: competitor.ambiguous,
    position: competitor.position,
    createdAt: competitor.createdAt.toISOString(),
    updatedAt: competitor.updatedAt.toISOString(),
  };
}

const nameKey = (name: string) => name.trim().toLowerCase();

/** 409 competitor_exists when another competitor holds the name, ignoring case. */
export function checkNameFree(others: Competitor[], name: string, exceptId?: string): void {
  const holder = others.find(
    (competitor) => competitor.id !== exceptId && nameKey(competitor.name) === nameKey(name),
  );
  if (holder) {
    throw errors.competitorExists(holder);
  }
}

/** The workspace's competitor, or 404 not_found (also for another workspace's id). */
export async function findCompetitor(
  db: Prisma.TransactionClient,
  workspaceId: string,
  competitorId: string,
): Promise<Competitor> {
  const competitor = await db.competitor.findFirst({ where: { id: competitorId, workspaceId } });
  if (!competitor) throw errors.notFound("Competitor");
  return competitor;
}
