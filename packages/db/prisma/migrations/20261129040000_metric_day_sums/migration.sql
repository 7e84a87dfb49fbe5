-- A day's unfiltered point sums per engine (what the time series reads), as
-- computed from the day-engine rollups at `revision`: served while the day's
-- revision is the same (apps/server/src/services/metrics/stored-day-sums.ts).
CREATE TABLE "metric_day_sums" (
    "workspace_id" TEXT NOT NULL,
    "analysis_version" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "revision" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "metric_day_sums_pkey" PRIMARY KEY ("workspace_id","analysis_version","day")
);
