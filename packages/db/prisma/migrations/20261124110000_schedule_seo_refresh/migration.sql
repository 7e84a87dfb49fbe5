-- AlterTable
ALTER TABLE "workspaces" ADD COLUMN     "schedule_seo_refresh" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "schedule_seo_last_run_at" TIMESTAMPTZ(3),
ADD COLUMN     "schedule_seo_last_outcome" TEXT;
