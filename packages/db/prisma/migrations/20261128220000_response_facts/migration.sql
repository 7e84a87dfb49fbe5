-- Each analysed answer's rollup key and citation facts, so a metric's drill-down lists exactly
-- the answers its counts were summed from. Filled by the analysis (a new ANALYSIS_VERSION makes
-- every stored day re-analysed, which fills it for answers stored before).
CREATE TABLE "response_facts" (
    "response_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "engine" TEXT NOT NULL,
    "prompt_id" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "region" TEXT,
    "has_citations" BOOLEAN NOT NULL,
    "mentioned_entities" TEXT[],
    "cited_entities" TEXT[],
    "cited_domains" TEXT[],
    "analysis_version" INTEGER NOT NULL,

    CONSTRAINT "response_facts_pkey" PRIMARY KEY ("response_id")
);

CREATE INDEX "response_facts_workspace_id_day_engine_idx" ON "response_facts"("workspace_id", "day", "engine");

ALTER TABLE "response_facts" ADD CONSTRAINT "response_facts_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "engine_responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A cited URL as the analysis compares it (tracking parameters and the like removed), the
-- engine's URL stays in "url".
ALTER TABLE "citations" ADD COLUMN "normalized_url" TEXT;
