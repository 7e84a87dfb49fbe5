-- CreateTable
CREATE TABLE "metric_change_days" (
    "workspace_id" TEXT NOT NULL,
    "analysis_version" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "inputs" TEXT NOT NULL,
    "changes" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "metric_change_days_pkey" PRIMARY KEY ("workspace_id","analysis_version","day")
);
