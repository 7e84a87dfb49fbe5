-- The time series route's body as computed, stored so a read does not compute
-- and serialise a year of points again (apps/server/src/services/metrics/load-timeseries-gzip.ts, stored-series.ts).
-- query is the request's range, entity and filters, and inputs fingerprints what
-- the body was computed from (day revisions, entities, weights, revisions of
-- the computation), so a stored row whose inputs differ is outdated and replaced.
-- body_gzip is the JSON gzipped, in base64: sent as it is to a client that
-- accepts gzip. Stored EXTERNAL: gzip does not compress again, and the embedded
-- database's decompression of a megabyte took longer than the rest of a read.
CREATE TABLE "metric_series" (
    "workspace_id" TEXT NOT NULL,
    "analysis_version" INTEGER NOT NULL,
    "query" TEXT NOT NULL,
    "inputs" TEXT NOT NULL,
    "body_gzip" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "metric_series_pkey" PRIMARY KEY ("workspace_id","analysis_version","query")
);
ALTER TABLE "metric_series" ALTER COLUMN "body_gzip" SET STORAGE EXTERNAL;
