-- AlterTable
ALTER TABLE "workspaces" ADD COLUMN     "brand_profile" JSONB,
ADD COLUMN     "measurement_model" JSONB,
ADD COLUMN     "schedule_cron" TEXT,
ADD COLUMN     "schedule_preset" TEXT,
ADD COLUMN     "schedule_timezone" TEXT;

-- CreateTable
CREATE TABLE "prompts" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "text_key" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "region" TEXT,
    "tags" TEXT[],
    "active" BOOLEAN NOT NULL,
    "source" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "prompts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "runs" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "preset" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "engines" TEXT[],
    "skipped_engines" TEXT[],
    "repetitions" INTEGER NOT NULL,
    "prompt_count" INTEGER NOT NULL,
    "total_tasks" INTEGER NOT NULL,
    "completed_tasks" INTEGER NOT NULL,
    "failed_tasks" INTEGER NOT NULL,
    "estimate_microusd" BIGINT NOT NULL,
    "cost_microusd" BIGINT NOT NULL,
    "reservation_id" TEXT,
    "idempotency_key" TEXT,
    "triggered_by" TEXT NOT NULL,
    "triggered_by_id" TEXT,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "cancel_requested_at" TIMESTAMPTZ(3),

    CONSTRAINT "runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "engine_responses" (
    "id" TEXT NOT NULL,
    "run_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "prompt_id" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "model" TEXT NOT NULL,
    "repetition" INTEGER NOT NULL,
    "status" TEXT NOT NULL,
    "answer" TEXT,
    "search_queries" TEXT[],
    "input_tokens" INTEGER,
    "output_tokens" INTEGER,
    "cost_microusd" BIGINT NOT NULL,
    "latency_ms" INTEGER,
    "attempts" INTEGER NOT NULL,
    "error" TEXT,
    "simulated" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "engine_responses_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "citations" (
    "id" TEXT NOT NULL,
    "response_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT,

    CONSTRAINT "citations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "prompts_workspace_id_active_category_idx" ON "prompts"("workspace_id", "active", "category");

-- CreateIndex
CREATE UNIQUE INDEX "prompts_workspace_id_language_text_key_key" ON "prompts"("workspace_id", "language", "text_key");

-- CreateIndex
CREATE INDEX "runs_workspace_id_created_at_idx" ON "runs"("workspace_id", "created_at");

-- CreateIndex
CREATE INDEX "runs_status_idx" ON "runs"("status");

-- CreateIndex
CREATE UNIQUE INDEX "runs_workspace_id_idempotency_key_key" ON "runs"("workspace_id", "idempotency_key");

-- CreateIndex
CREATE INDEX "engine_responses_run_id_status_idx" ON "engine_responses"("run_id", "status");

-- CreateIndex
CREATE INDEX "engine_responses_workspace_id_completed_at_idx" ON "engine_responses"("workspace_id", "completed_at");

-- CreateIndex
CREATE UNIQUE INDEX "engine_responses_run_id_prompt_id_engine_repetition_key" ON "engine_responses"("run_id", "prompt_id", "engine", "repetition");

-- CreateIndex
CREATE UNIQUE INDEX "citations_response_id_position_key" ON "citations"("response_id", "position");

-- AddForeignKey
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "engine_responses" ADD CONSTRAINT "engine_responses_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "citations" ADD CONSTRAINT "citations_response_id_fkey" FOREIGN KEY ("response_id") REFERENCES "engine_responses"("id") ON DELETE CASCADE ON UPDATE CASCADE;
