-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "executor_id" TEXT,
ADD COLUMN     "heartbeat_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "workspaces" ADD COLUMN     "next_scheduled_run_at" TIMESTAMPTZ(3),
ADD COLUMN     "schedule_last_outcome" TEXT,
ADD COLUMN     "schedule_last_run_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "runs_status_heartbeat_at_idx" ON "runs"("status", "heartbeat_at");

-- CreateIndex
CREATE INDEX "workspaces_next_scheduled_run_at_idx" ON "workspaces"("next_scheduled_run_at");
