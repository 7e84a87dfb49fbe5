-- AlterTable
ALTER TABLE "citations" ADD COLUMN     "domain" TEXT,
ADD COLUMN     "entity_id" TEXT,
ADD COLUMN     "taxonomy" TEXT;

-- AlterTable
ALTER TABLE "engine_responses" ADD COLUMN     "analysis_version" INTEGER;

-- CreateTable
CREATE TABLE "response_mentions" (
    "response_id" TEXT NOT NULL,
    "entity_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "is_self" BOOLEAN NOT NULL,
    "count" INTEGER NOT NULL,
    "first_offset" INTEGER NOT NULL,
    "rank" INTEGER NOT NULL,
    "sentiment" TEXT NOT NULL,
    "analysis_version" INTEGER NOT NULL,

    CONSTRAINT "response_mentions_pkey" PRIMARY KEY ("response_id","entity_id")
);

-- CreateTable
CREATE TABLE "metric_cells" (
    "workspace_id" TEXT NOT NULL,
    "analysis_version" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "engine" TEXT NOT NULL,
    "prompt_id" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "region" TEXT,
    "responses" INTEGER NOT NULL,
    "responses_with_citations" INTEGER NOT NULL,

    CONSTRAINT "metric_cells_pkey" PRIMARY KEY ("workspace_id","analysis_version","day","engine","prompt_id")
);

-- CreateTable
CREATE TABLE "metric_entity_counts" (
    "workspace_id" TEXT NOT NULL,
    "analysis_version" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "engine" TEXT NOT NULL,
    "prompt_id" TEXT NOT NULL,
    "entity_id" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "region" TEXT,
    "mentioned_responses" INTEGER NOT NULL,
    "mention_count" INTEGER NOT NULL,
    "rank_sum" INTEGER NOT NULL,
    "inverse_rank_sum" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "cited_responses" INTEGER NOT NULL,
    "positive_responses" INTEGER NOT NULL,
    "negative_responses" INTEGER NOT NULL,

    CONSTRAINT "metric_entity_counts_pkey" PRIMARY KEY ("workspace_id","analysis_version","day","engine","prompt_id","entity_id")
);

-- CreateTable
CREATE TABLE "metric_domain_counts" (
    "workspace_id" TEXT NOT NULL,
    "analysis_version" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "engine" TEXT NOT NULL,
    "prompt_id" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "taxonomy" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "region" TEXT,
    "cited_responses" INTEGER NOT NULL,

    CONSTRAINT "metric_domain_counts_pkey" PRIMARY KEY ("workspace_id","analysis_version","day","engine","prompt_id","domain")
);

-- CreateTable
CREATE TABLE "metric_days" (
    "workspace_id" TEXT NOT NULL,
    "analysis_version" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "responses" INTEGER NOT NULL,
    "revision" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "metric_days_pkey" PRIMARY KEY ("workspace_id","analysis_version","day")
);

-- AddForeignKey
ALTER TABLE "response_mentions" ADD CONSTRAINT "response_mentions_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "engine_responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;
