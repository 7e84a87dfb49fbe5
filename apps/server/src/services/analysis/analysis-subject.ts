import { createHash } from "node:crypto";
import type { Prisma } from "@geopulse/db";
import { LRUCache } from "lru-cache";
import { createAnswerAnalyzer } from "../../analysis/analyze-answer.js";
import {
  DEFAULT_DOMAIN_TAXONOMY,
  type DomainTaxonomyList,
} from "../../analysis/domain-taxonomy.js";
import type { AnalysisInput, AnalysisSubject, AnswerAnalysis } from "../../analysis/types.js";
import type { AppContext } from "../../context.js";
import { toBrandProfile } from "../workspace-config/brand-profile.js";

type Db = AppContext["prisma"] | Prisma.TransactionClient;

export interface WorkspaceAnalyzer {
  subject: AnalysisSubject;
  /** The operator's taxonomy (config.domainTaxonomy) the analyzer classifies domains with. */
  taxonomy: DomainTaxonomyList;
  /**
   * What the analysis of an answer depends on besides its text: the subject
   * and the taxonomy, hashed. A day's rollups record the fingerprint they
   * were made with (metric_days.subject_fingerprint); a day with another one
   * is re-analysed, a day with this one never needs to be.
   */
  fingerprint: string;
  analyze(input: AnalysisInput): AnswerAnalysis;
}

/**
 * The digest of what a workspace's subject is read from (its brand, display
 * name, domains, profile and competitors), computed by the database over the
 * workspace row `w`: a statement can check that the subject is still the one
 * an analysis used without a round trip to read it again.
 */
export const SUBJECT_DIGEST_SQL = `md5(row(w.brand, w.display_name, w.domains, w.brand_profile,
    (SELECT array_agg(row(c.id, c.name, c.aliases, c.domains, c.ambiguous) ORDER BY c.position)
     FROM competitors c WHERE c.workspace_id = w.id))::text)`;

/** A workspace's subject and the digest of the rows it was read from (SUBJECT_DIGEST_SQL). */
export interface LoadedSubject {
  subject: AnalysisSubject;
  digest: string;
}

/**
 * What answers of a workspace are analysed against: the brand as entity
 * `self` (its brand and display name, its domains) and every competitor (by
 * id, with aliases, domains and the ambiguity flag); the brand profile's
 * category disambiguates ambiguous names.
 */
export async function loadAnalysisSubject(db: Db, workspaceId: string): Promise<AnalysisSubject> {
  return (await loadSubjectWithDigest(db, workspaceId)).subject;
}

/** The subject (loadAnalysisSubject) with the digest of the rows it was read from. */
export async function loadSubjectWithDigest(db: Db, workspaceId: string): Promise<LoadedSubject> {
  // One statement (the competitors aggregated in it): every recorded batch reads the subject.
  const [workspace] = await db.$queryRawUnsafe<
    Array<{
      brand: string;
      display_name: string;
      domains: string[];
      brand_profile: Prisma.JsonValue;
      competitors: Array<{
        id: string;
        name: string;
        aliases: string[];
        domains: string[];
        ambiguous: boolean;
      }>;
      digest: string;
    }>
  >(
    `SELECT w.brand, w.display_name, w.domains, w.brand_profile,
            coalesce((SELECT json_agg(json_build_object('id', c.id, 'name', c.name,
                        'aliases', c.aliases, 'domains', c.domains, 'ambiguous', c.ambiguous)
                        ORDER BY c.position)
                      FROM competitors c WHERE c.workspace_id = w.id), '[]'::json) AS competitors,
            ${SUBJECT_DIGEST_SQL} AS digest
     FROM workspaces w WHERE w.id = $1`,
    workspaceId,
  );
  if (!workspace) throw new Error(`workspace ${workspaceId} not found`);
  const category = toBrandProfile(workspace.brand_profile).category;
  const brandAliases = workspace.display_name !== workspace.brand ? [workspace.display_name] : [];
  const subject: AnalysisSubject = {
    entities: [
      {
        id: "self",
        name: workspace.brand,
        isSelf: true,
        aliases: brandAliases,
        domains: workspace.domains,
        ambiguous: false,
      },
      ...workspace.competitors.map((c) => ({
        id: c.id,
        name: c.name,
        isSelf: false,
        aliases: c.aliases,
        domains: c.domains,
        ambiguous: c.ambiguous,
      })),
    ],
    categoryTerms: category ? [category] : [],
  };
  return { subject, digest: workspace.digest };
}

/** Analyzers kept by one server (a workspace's subject rarely changes). */
const MAX_ANALYZERS = 64;

/**
 * Analyzers of this server by their subject's content: building one compiles
 * its matchers. Owned by the server's context; at most MAX_ANALYZERS, least
 * recently used dropped first. A subject that changed has other content, so a
 * hit is always current.
 */
export class AnalyzerCache {
  readonly #analyzers = new LRUCache<string, WorkspaceAnalyzer>({ max: MAX_ANALYZERS });

  /** The analyzer of a subject with the operator's taxonomy (config.domainTaxonomy). */
  analyzerFor(
    subject: AnalysisSubject,
    taxonomy: DomainTaxonomyList = DEFAULT_DOMAIN_TAXONOMY,
  ): WorkspaceAnalyzer {
    const key = JSON.stringify(subject);
    const cached = this.#analyzers.get(key);
    if (cached && cached.taxonomy === taxonomy) return cached;
    const analyzer = buildAnalyzer(subject, taxonomy, key);
    this.#analyzers.set(key, analyzer);
    return analyzer;
  }
}

/** A new analyzer of a subject (AnalyzerCache keeps the recent ones). */
export function buildAnalyzer(
  subject: AnalysisSubject,
  taxonomy: DomainTaxonomyList = DEFAULT_DOMAIN_TAXONOMY,
  subjectJson = JSON.stringify(subject),
): WorkspaceAnalyzer {
  const analyze = createAnswerAnalyzer(subject, { taxonomy });
  return { subject, taxonomy, fingerprint: subjectFingerprint(subjectJson, taxonomy), analyze };
}

// The operator's taxonomy is one object per configuration, hashed once; weak, so a
// configuration that is gone takes its hash along.
const taxonomyHashes = new WeakMap<DomainTaxonomyList, string>();

/** The fingerprint an analyzer of this subject would have (see WorkspaceAnalyzer), without building it. */
export const fingerprintOf = (
  subject: AnalysisSubject,
  taxonomy: DomainTaxonomyList = DEFAULT_DOMAIN_TAXONOMY,
): string => subjectFingerprint(JSON.stringify(subject), taxonomy);

function subjectFingerprint(subjectJson: string, taxonomy: DomainTaxonomyList): string {
  let taxonomyHash = taxonomyHashes.get(taxonomy);
  if (!taxonomyHash) {
    const json = JSON.stringify(taxonomy, (_, value) =>
      value instanceof Map ? [...value.entries()] : value,
    );
    taxonomyHash = createHash("sha256").update(json).digest("base64url");
    taxonomyHashes.set(taxonomy, taxonomyHash);
  }
  return createHash("sha256")
    .update(subjectJson)
    .update("\u0000")
    .update(taxonomyHash)
    .digest("base64url")
    .slice(0, 22);
}
