-- CreateTable
CREATE TABLE "page_evaluations" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "host" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "failure_reason" TEXT,
    "failure_message" TEXT,
    "final_url" TEXT,
    "checks" JSONB NOT NULL,
    "scores" JSONB,
    "markdown" TEXT,
    "html_bytes" INTEGER,
    "fetched_at" TIMESTAMPTZ(3),
    "requested_by_type" TEXT NOT NULL,
    "requested_by_id" TEXT NOT NULL,
    "idempotency_key" TEXT,
    "attempts" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "page_evaluations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "page_evaluations_workspace_id_id_idx" ON "page_evaluations"("workspace_id", "id");

-- CreateIndex
CREATE INDEX "page_evaluations_workspace_id_status_id_idx" ON "page_evaluations"("workspace_id", "status", "id");

-- AddForeignKey
ALTER TABLE "page_evaluations" ADD CONSTRAINT "page_evaluations_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
