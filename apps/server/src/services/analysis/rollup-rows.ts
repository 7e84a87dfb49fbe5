import type { AnswerAnalysis } from "../../analysis/types.js";
import {
  addEntityCounts,
  type EntityCounts,
  isCountedCategory,
  zeroEntityCounts,
} from "../../metrics/aggregates.js";
import { runToEnd } from "../../metrics/steps.js";

/** One analysed answer with what its rollup key needs (see docs/metrics.md, "Rollups"). */
export interface AnalysedAnswer {
  /** UTC day of the answer's run, `YYYY-MM-DD`. */
  day: string;
  engine: string;
  promptId: string;
  category: string;
  language: string;
  region: string | null;
  analysis: AnswerAnalysis;
}

interface CellKey {
  day: string;
  engine: string;
  promptId: string;
  category: string;
  language: string;
  region: string | null;
}

export interface CellRow extends CellKey {
  responses: number;
  responsesWithCitations: number;
}

export interface EntityRow extends CellKey, EntityCounts {
  entityId: string;
}

/** The prompts of a day, engine, category, language and region together ("" = no region). */
export interface GroupKey {
  day: string;
  engine: string;
  category: string;
  language: string;
  region: string;
}

/** Answers of a group citing a registrable domain. */
export interface DomainRow extends GroupKey {
  domain: string;
  taxonomy: string;
  citedResponses: number;
}

export type GroupRow = GroupKey & Omit<CellRow, keyof CellKey>;
export type GroupEntityRow = GroupKey & Omit<EntityRow, keyof CellKey>;

/** A day and engine, over every counted category, language and region. */
export interface DayEngineKey {
  day: string;
  engine: string;
}
export type DayEngineRow = DayEngineKey & Omit<CellRow, keyof CellKey>;
export type DayEngineEntityRow = DayEngineKey & Omit<EntityRow, keyof CellKey>;

export interface RollupRows {
  cells: CellRow[];
  entities: EntityRow[];
  domains: DomainRow[];
  /** `cells` summed by group. */
  groups: GroupRow[];
  /** `entities` summed by group and entity. */
  groupEntities: GroupEntityRow[];
  /**
   * `groups` of counted categories (brand_research left out) summed by day
   * and engine: what an unfiltered time series reads.
   */
  dayEngines: DayEngineRow[];
  /** `groupEntities` of counted categories summed by day, engine and entity. */
  dayEngineEntities: DayEngineEntityRow[];
  /** Answers per day. */
  days: Map<string, number>;
}

/**
 * The rollup contribution of a set of answers, summed by key. Pure: the
 * pipeline (one answer at a time), the re-analysis (one day at a time) and the
 * benchmark (bulk) all go through it, so they fill rollups identically.
 * Sparse: an entity gets a row only when mentioned or cited.
 */
export function buildRollupRows(answers: readonly AnalysedAnswer[]): RollupRows {
  return runToEnd(rollupRowsInSteps(answers));
}

/**
 * `buildRollupRows` as steps: it yields after every answer and every row it sums, so a
 * re-analysis builds a day of 1,500 answers in CPU slices (`runInSlices`) rather than in
 * one 25 ms stretch the API waits behind.
 */
export function* rollupRowsInSteps(
  answers: readonly AnalysedAnswer[],
): Generator<void, RollupRows, void> {
  const cells = new Map<string, CellRow>();
  const entities = new Map<string, EntityRow>();
  const domains = new Map<string, DomainRow>();
  const days = new Map<string, number>();
  for (const answer of answers) {
    const key: CellKey = {
      day: answer.day,
      engine: answer.engine,
      promptId: answer.promptId,
      category: answer.category,
      language: answer.language,
      region: answer.region,
    };
    const cellId = `${answer.day}\u0000${answer.engine}\u0000${answer.promptId}`;
    days.set(answer.day, (days.get(answer.day) ?? 0) + 1);
    const cell = cells.get(cellId) ?? { ...key, responses: 0, responsesWithCitations: 0 };
    cell.responses += 1;
    if (answer.analysis.citations.length > 0) cell.responsesWithCitations += 1;
    cells.set(cellId, cell);

    const entity = (entityId: string): EntityRow => {
      const id = `${cellId}\u0000${entityId}`;
      let row = entities.get(id);
      if (!row) {
        row = { ...key, entityId, ...zeroEntityCounts() };
        entities.set(id, row);
      }
      return row;
    };
    for (const mention of answer.analysis.mentions) {
      const row = entity(mention.entityId);
      row.mentionedResponses += 1;
      row.mentionCount += mention.count;
      row.rankSum += mention.rank;
      if (mention.sentiment === "positive") row.positiveResponses += 1;
      if (mention.sentiment === "negative") row.negativeResponses += 1;
      if (mention.stance === "recommended") row.recommendedResponses += 1;
      if (mention.stance === "discouraged") row.discouragedResponses += 1;
      if (isShortlisted(mention)) row.shortlistedResponses += 1;
    }
    const citedEntities = new Set<string>();
    const citedDomains = new Map<string, string>();
    for (const citation of answer.analysis.citations) {
      if (citation.entityId) citedEntities.add(citation.entityId);
      if (!citedDomains.has(citation.domain)) citedDomains.set(citation.domain, citation.taxonomy);
    }
    for (const entityId of citedEntities) entity(entityId).citedResponses += 1;
    const group = groupKeyOf(key);
    for (const [domain, taxonomy] of citedDomains) {
      const id = `${groupId(group)}\u0000${domain}`;
      const row = domains.get(id) ?? { ...group, domain, taxonomy, citedResponses: 0 };
      row.citedResponses += 1;
      domains.set(id, row);
    }
    yield;
  }
  const cellRows = [...cells.values()];
  const entityRows = [...entities.values()];
  const grouped = yield* groupRows(cellRows, entityRows);
  return {
    cells: cellRows,
    entities: entityRows,
    domains: [...domains.values()],
    ...grouped,
    ...(yield* dayEngineRows(grouped.groups, grouped.groupEntities)),
    days,
  };
}

/** The answers' first three recommended entities make its shortlist (docs/metrics.md). */
export const SHORTLIST_SIZE = 3;

export const isShortlisted = (mention: { recommendedRank: number | null }): boolean =>
  mention.recommendedRank !== null && mention.recommendedRank <= SHORTLIST_SIZE;

function groupKeyOf(row: CellKey): GroupKey {
  const { day, engine, category, language } = row;
  return { day, engine, category, language, region: row.region ?? "" };
}

const groupId = (k: GroupKey) => [k.day, k.engine, k.category, k.language, k.region].join("\u0000");

/** Cell and entity rows summed over the prompts of each group. */
function* groupRows(cells: readonly CellRow[], entities: readonly EntityRow[]) {
  const groups = new Map<string, GroupRow>();
  for (const cell of cells) {
    const key = groupKeyOf(cell);
    const id = groupId(key);
    const group = groups.get(id) ?? { ...key, responses: 0, responsesWithCitations: 0 };
    group.responses += cell.responses;
    group.responsesWithCitations += cell.responsesWithCitations;
    groups.set(id, group);
    yield;
  }
  const groupEntities = new Map<string, GroupEntityRow>();
  for (const entity of entities) {
    const key = groupKeyOf(entity);
    const id = `${groupId(key)}\u0000${entity.entityId}`;
    const group = groupEntities.get(id) ?? {
      ...key,
      entityId: entity.entityId,
      ...zeroEntityCounts(),
    };
    addEntityCounts(group, entity);
    groupEntities.set(id, group);
    yield;
  }
  return { groups: [...groups.values()], groupEntities: [...groupEntities.values()] };
}

/** Group rows of counted categories summed over categories, languages and regions. */
function* dayEngineRows(groups: readonly GroupRow[], entities: readonly GroupEntityRow[]) {
  const dayEngines = new Map<string, DayEngineRow>();
  for (const group of groups) {
    if (!isCountedCategory(group.category)) continue;
    const { day, engine } = group;
    const id = `${day}\u0000${engine}`;
    const row = dayEngines.get(id) ?? { day, engine, responses: 0, responsesWithCitations: 0 };
    row.responses += group.responses;
    row.responsesWithCitations += group.responsesWithCitations;
    dayEngines.set(id, row);
    yield;
  }
  const dayEngineEntities = new Map<string, DayEngineEntityRow>();
  for (const entity of entities) {
    if (!isCountedCategory(entity.category)) continue;
    const { day, engine, entityId } = entity;
    const id = `${day}\u0000${engine}\u0000${entityId}`;
    const row = dayEngineEntities.get(id) ?? { day, engine, entityId, ...zeroEntityCounts() };
    addEntityCounts(row, entity);
    dayEngineEntities.set(id, row);
    yield;
  }
  return {
    dayEngines: [...dayEngines.values()],
    dayEngineEntities: [...dayEngineEntities.values()],
  };
}
