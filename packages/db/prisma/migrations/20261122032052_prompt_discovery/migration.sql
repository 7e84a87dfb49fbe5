-- CreateTable
CREATE TABLE "prompt_generations" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "generator" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "requested_count" INTEGER NOT NULL,
    "languages" TEXT[],
    "targets" JSONB NOT NULL,
    "batches" JSONB NOT NULL,
    "prompts_per_call" INTEGER NOT NULL,
    "calls_planned" INTEGER NOT NULL,
    "calls_made" INTEGER NOT NULL,
    "calls_failed" INTEGER NOT NULL,
    "suggestion_count" INTEGER NOT NULL,
    "duplicates_skipped" INTEGER NOT NULL,
    "reserved_microusd" BIGINT NOT NULL,
    "cost_microusd" BIGINT NOT NULL,
    "reservation_id" TEXT,
    "idempotency_key" TEXT,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "prompt_generations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "research_jobs" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "providers" TEXT[],
    "skipped_providers" JSONB NOT NULL,
    "simulated" BOOLEAN NOT NULL,
    "language" TEXT NOT NULL,
    "seeds" TEXT[],
    "calls" JSONB NOT NULL,
    "calls_done" INTEGER NOT NULL,
    "suggestion_count" INTEGER NOT NULL,
    "duplicates_skipped" INTEGER NOT NULL,
    "reserved_microusd" BIGINT NOT NULL,
    "cost_microusd" BIGINT NOT NULL,
    "reservation_id" TEXT,
    "idempotency_key" TEXT,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "research_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prompt_suggestions" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "generation_id" TEXT,
    "research_job_id" TEXT,
    "provider" TEXT NOT NULL,
    "simulated" BOOLEAN NOT NULL,
    "text" TEXT NOT NULL,
    "text_key" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "prompt_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "decided_at" TIMESTAMPTZ(3),

    CONSTRAINT "prompt_suggestions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "research_sources" (
    "id" TEXT NOT NULL,
    "research_job_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "title" TEXT,
    "citations" INTEGER NOT NULL,
    "providers" TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "research_sources_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "prompt_generations_workspace_id_id_idx" ON "prompt_generations"("workspace_id", "id");

-- CreateIndex
CREATE INDEX "research_jobs_workspace_id_id_idx" ON "research_jobs"("workspace_id", "id");

-- CreateIndex
CREATE INDEX "prompt_suggestions_workspace_id_status_id_idx" ON "prompt_suggestions"("workspace_id", "status", "id");

-- CreateIndex
CREATE INDEX "prompt_suggestions_workspace_id_language_text_key_idx" ON "prompt_suggestions"("workspace_id", "language", "text_key");

-- CreateIndex
CREATE INDEX "research_sources_research_job_id_citations_idx" ON "research_sources"("research_job_id", "citations");

-- CreateIndex
CREATE UNIQUE INDEX "research_sources_research_job_id_url_key" ON "research_sources"("research_job_id", "url");

-- AddForeignKey
ALTER TABLE "prompt_generations" ADD CONSTRAINT "prompt_generations_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "research_jobs" ADD CONSTRAINT "research_jobs_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prompt_suggestions" ADD CONSTRAINT "prompt_suggestions_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prompt_suggestions" ADD CONSTRAINT "prompt_suggestions_generation_id_fkey" FOREIGN KEY ("generation_id") REFERENCES "prompt_generations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "prompt_suggestions" ADD CONSTRAINT "prompt_suggestions_research_job_id_fkey" FOREIGN KEY ("research_job_id") REFERENCES "research_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "research_sources" ADD CONSTRAINT "research_sources_research_job_id_fkey" FOREIGN KEY ("research_job_id") REFERENCES "research_jobs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
