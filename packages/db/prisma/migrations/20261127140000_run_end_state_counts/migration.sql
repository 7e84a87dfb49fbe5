-- Tasks by end state other than completed, counted as answers are stored (runs before: 0).
ALTER TABLE "runs" ADD COLUMN "truncated_tasks" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "runs" ADD COLUMN "refused_tasks" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "runs" ADD COLUMN "filtered_tasks" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "runs" ADD COLUMN "quota_exhausted_tasks" INTEGER NOT NULL DEFAULT 0;
