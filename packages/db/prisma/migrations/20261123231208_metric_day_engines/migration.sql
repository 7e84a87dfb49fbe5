-- CreateTable
CREATE TABLE "metric_day_engines" (
    "workspace_id" TEXT NOT NULL,
    "analysis_version" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "engine" TEXT NOT NULL,
    "responses" INTEGER NOT NULL,
    "responses_with_citations" INTEGER NOT NULL,

    CONSTRAINT "metric_day_engines_pkey" PRIMARY KEY ("workspace_id","analysis_version","day","engine")
);

-- CreateTable
CREATE TABLE "metric_day_engine_entity_counts" (
    "workspace_id" TEXT NOT NULL,
    "analysis_version" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "engine" TEXT NOT NULL,
    "entity_id" TEXT NOT NULL,
    "mentioned_responses" INTEGER NOT NULL,
    "mention_count" INTEGER NOT NULL,
    "rank_sum" INTEGER NOT NULL,
    "cited_responses" INTEGER NOT NULL,
    "positive_responses" INTEGER NOT NULL,
    "negative_responses" INTEGER NOT NULL,

    CONSTRAINT "metric_day_engine_entity_counts_pkey" PRIMARY KEY ("workspace_id","analysis_version","day","engine","entity_id")
);

-- Backfill: the groups already stored of the counted categories (brand_research
-- left out), summed per day and engine.
INSERT INTO "metric_day_engines"
SELECT "workspace_id", "analysis_version", "day", "engine",
       SUM("responses")::int, SUM("responses_with_citations")::int
FROM "metric_groups"
WHERE "category" <> 'brand_research'
GROUP BY 1, 2, 3, 4;

INSERT INTO "metric_day_engine_entity_counts"
SELECT "workspace_id", "analysis_version", "day", "engine", "entity_id",
       SUM("mentioned_responses")::int, SUM("mention_count")::int, SUM("rank_sum")::int,
       SUM("cited_responses")::int, SUM("positive_responses")::int, SUM("negative_responses")::int
FROM "metric_group_entity_counts"
WHERE "category" <> 'brand_research'
GROUP BY 1, 2, 3, 4, 5;
