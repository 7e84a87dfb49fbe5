-- A day's computed metrics, stored so a read that misses the process's cache
-- does not recompute them (apps/server/src/services/metrics/stored-snapshots.ts):
-- compared_to is empty for the day's own snapshot, else the earlier day its
-- changes are measured from. inputs fingerprints what the body was computed
-- from (revisions, entities, weights, the computation's revision), so a stored
-- row whose inputs differ is outdated and replaced.
CREATE TABLE "metric_snapshots" (
    "workspace_id" TEXT NOT NULL,
    "analysis_version" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "compared_to" TEXT NOT NULL,
    "filters" TEXT NOT NULL,
    "inputs" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "metric_snapshots_pkey" PRIMARY KEY ("workspace_id","analysis_version","day","filters","compared_to")
);
