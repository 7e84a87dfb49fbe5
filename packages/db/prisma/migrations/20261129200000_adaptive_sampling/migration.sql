-- Adaptive sampling (docs/metrics.md, "Adaptive sampling"): confirmations of borderline
-- changes, the runs that collect their extra answers, and the workspace's monthly cap.
ALTER TABLE "workspaces"
    ADD COLUMN "confirmation_budget_microusd" BIGINT,
    ADD COLUMN "schedule_confirmations_last_run_at" TIMESTAMPTZ(3),
    ADD COLUMN "schedule_confirmations_last_outcome" TEXT;

ALTER TABLE "runs"
    ADD COLUMN "purpose" TEXT NOT NULL DEFAULT 'measurement',
    ADD COLUMN "confirmation_id" TEXT;
CREATE INDEX "runs_workspace_id_confirmation_id_idx" ON "runs"("workspace_id", "confirmation_id");

-- Kept on each answer, so readers leave confirmation answers out without a join.
ALTER TABLE "engine_responses" ADD COLUMN "purpose" TEXT NOT NULL DEFAULT 'measurement';

CREATE TABLE "metric_confirmations" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "entity_id" TEXT NOT NULL,
    "engine" TEXT,
    "series_key" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "direction" TEXT NOT NULL,
    "p_value" DOUBLE PRECISION NOT NULL,
    "prompt_ids" TEXT[],
    "engines" TEXT[],
    "reference" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "expired_because" TEXT,
    "analysis_version" INTEGER NOT NULL,
    "subject_fingerprint" TEXT NOT NULL,
    "fresh_log" JSONB NOT NULL DEFAULT '[]',
    "fresh_days" INTEGER NOT NULL DEFAULT 0,
    "fresh_answers" INTEGER NOT NULL DEFAULT 0,
    "extra_answers" INTEGER NOT NULL DEFAULT 0,
    "rate" DOUBLE PRECISION,
    "low" DOUBLE PRECISION,
    "high" DOUBLE PRECISION,
    "reference_bound" DOUBLE PRECISION NOT NULL,
    "decided_on" DATE,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "metric_confirmations_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "metric_confirmations_workspace_id_series_key_day_key" ON "metric_confirmations"("workspace_id", "series_key", "day");
CREATE INDEX "metric_confirmations_workspace_id_status_idx" ON "metric_confirmations"("workspace_id", "status");
CREATE INDEX "metric_confirmations_status_day_idx" ON "metric_confirmations"("status", "day");
CREATE INDEX "metric_confirmations_workspace_id_created_at_idx" ON "metric_confirmations"("workspace_id", "created_at");

ALTER TABLE "metric_confirmations" ADD CONSTRAINT "metric_confirmations_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
