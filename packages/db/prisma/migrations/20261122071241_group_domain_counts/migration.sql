-- Domain counts move from per prompt to per group (day, engine, category, language,
-- region): the reads filter by those only, and a year of one workspace held 1.6 million
-- per-prompt rows.

-- CreateTable
CREATE TABLE "metric_group_domain_counts" (
    "workspace_id" TEXT NOT NULL,
    "analysis_version" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "engine" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "region" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "taxonomy" TEXT NOT NULL,
    "cited_responses" INTEGER NOT NULL,

    CONSTRAINT "metric_group_domain_counts_pkey" PRIMARY KEY ("workspace_id","analysis_version","day","engine","category","language","region","domain")
);

-- Backfill from the per-prompt rows.
INSERT INTO "metric_group_domain_counts"
SELECT "workspace_id", "analysis_version", "day", "engine", "category", "language",
       COALESCE("region", ''), "domain", MIN("taxonomy"), SUM("cited_responses")::int
FROM "metric_domain_counts"
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;

-- DropTable
DROP TABLE "metric_domain_counts";
