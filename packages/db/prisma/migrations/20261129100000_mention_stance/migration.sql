-- Mention stance (analysis version 4): whether an answer recommends, only mentions or
-- discourages each entity it names, and the order of the ones it recommends
-- (apps/server/src/analysis/mention-stance.ts, docs/metrics.md "Mention stance").
ALTER TABLE "response_mentions"
    ADD COLUMN "stance" TEXT NOT NULL DEFAULT 'mentioned',
    ADD COLUMN "recommended_rank" INTEGER;

-- The tracked entities an answer recommends, shortlists (among its first three
-- recommended) and discourages: what the recommendation metrics' drill-downs list.
ALTER TABLE "response_facts"
    ADD COLUMN "recommended_entities" TEXT[] NOT NULL DEFAULT '{}',
    ADD COLUMN "shortlisted_entities" TEXT[] NOT NULL DEFAULT '{}',
    ADD COLUMN "discouraged_entities" TEXT[] NOT NULL DEFAULT '{}';

-- The same answers counted per entity in every rollup of entity counts.
ALTER TABLE "metric_entity_counts"
    ADD COLUMN "recommended_responses" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "shortlisted_responses" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "discouraged_responses" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "metric_group_entity_counts"
    ADD COLUMN "recommended_responses" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "shortlisted_responses" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "discouraged_responses" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "metric_day_engine_entity_counts"
    ADD COLUMN "recommended_responses" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "shortlisted_responses" INTEGER NOT NULL DEFAULT 0,
    ADD COLUMN "discouraged_responses" INTEGER NOT NULL DEFAULT 0;
