-- AlterTable
ALTER TABLE "metric_entity_counts" DROP COLUMN "inverse_rank_sum";

-- CreateTable
CREATE TABLE "metric_groups" (
    "workspace_id" TEXT NOT NULL,
    "analysis_version" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "engine" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "region" TEXT NOT NULL,
    "responses" INTEGER NOT NULL,
    "responses_with_citations" INTEGER NOT NULL,

    CONSTRAINT "metric_groups_pkey" PRIMARY KEY ("workspace_id","analysis_version","day","engine","category","language","region")
);

-- CreateTable
CREATE TABLE "metric_group_entity_counts" (
    "workspace_id" TEXT NOT NULL,
    "analysis_version" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "engine" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "region" TEXT NOT NULL,
    "entity_id" TEXT NOT NULL,
    "mentioned_responses" INTEGER NOT NULL,
    "mention_count" INTEGER NOT NULL,
    "rank_sum" INTEGER NOT NULL,
    "cited_responses" INTEGER NOT NULL,
    "positive_responses" INTEGER NOT NULL,
    "negative_responses" INTEGER NOT NULL,

    CONSTRAINT "metric_group_entity_counts_pkey" PRIMARY KEY ("workspace_id","analysis_version","day","engine","category","language","region","entity_id")
);

-- Backfill: the groups of the rollups already stored.
INSERT INTO "metric_groups"
SELECT "workspace_id", "analysis_version", "day", "engine", "category", "language",
       COALESCE("region", ''), SUM("responses")::int, SUM("responses_with_citations")::int
FROM "metric_cells"
GROUP BY 1, 2, 3, 4, 5, 6, 7;

INSERT INTO "metric_group_entity_counts"
SELECT "workspace_id", "analysis_version", "day", "engine", "category", "language",
       COALESCE("region", ''), "entity_id", SUM("mentioned_responses")::int,
       SUM("mention_count")::int, SUM("rank_sum")::int, SUM("cited_responses")::int,
       SUM("positive_responses")::int, SUM("negative_responses")::int
FROM "metric_entity_counts"
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
