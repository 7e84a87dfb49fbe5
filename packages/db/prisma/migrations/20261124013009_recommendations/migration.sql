-- CreateTable
CREATE TABLE "recommendations" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "rationale" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "prompt_ids" TEXT[],
    "domain" TEXT,
    "url" TEXT,
    "engines" TEXT[],
    "priority_score" INTEGER NOT NULL,
    "expected_impact" DOUBLE PRECISION NOT NULL,
    "confidence" DOUBLE PRECISION NOT NULL,
    "effort" TEXT NOT NULL,
    "metric" JSONB NOT NULL,
    "comparison" JSONB,
    "evidence_hash" TEXT NOT NULL,
    "compliance_findings" JSONB NOT NULL,
    "finding_count" INTEGER NOT NULL,
    "dismiss_reason" TEXT,
    "dismiss_note" TEXT,
    "dismissed_at" TIMESTAMPTZ(3),
    "impact_baseline" JSONB,
    "impact_current" JSONB,
    "impact_delta" JSONB,
    "impact_verdict" TEXT,
    "done_at" TIMESTAMPTZ(3),
    "derived_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "recommendations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "recommendation_answers" (
    "recommendation_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "run_id" TEXT NOT NULL,
    "response_id" TEXT NOT NULL,
    "engine" TEXT NOT NULL,
    "prompt_id" TEXT NOT NULL,
    "prompt" TEXT NOT NULL,
    "excerpt" TEXT NOT NULL,
    "citations" JSONB NOT NULL,

    CONSTRAINT "recommendation_answers_pkey" PRIMARY KEY ("recommendation_id","position")
);

-- CreateTable
CREATE TABLE "recommendation_transitions" (
    "id" TEXT NOT NULL,
    "recommendation_id" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "from_status" TEXT,
    "to_status" TEXT NOT NULL,
    "reason" TEXT,
    "note" TEXT,
    "actor_type" TEXT NOT NULL,
    "actor_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "recommendation_transitions_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "recommendations_workspace_id_id_idx" ON "recommendations"("workspace_id", "id");

-- CreateIndex
CREATE INDEX "recommendations_workspace_id_status_id_idx" ON "recommendations"("workspace_id", "status", "id");

-- CreateIndex
CREATE UNIQUE INDEX "recommendations_workspace_id_fingerprint_key" ON "recommendations"("workspace_id", "fingerprint");

-- CreateIndex
CREATE INDEX "recommendation_transitions_recommendation_id_id_idx" ON "recommendation_transitions"("recommendation_id", "id");

-- AddForeignKey
ALTER TABLE "recommendations" ADD CONSTRAINT "recommendations_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recommendation_answers" ADD CONSTRAINT "recommendation_answers_recommendation_id_fkey" FOREIGN KEY ("recommendation_id") REFERENCES "recommendations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "recommendation_transitions" ADD CONSTRAINT "recommendation_transitions_recommendation_id_fkey" FOREIGN KEY ("recommendation_id") REFERENCES "recommendations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
