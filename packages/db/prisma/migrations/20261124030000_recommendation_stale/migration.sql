-- A recommendation the latest derivation day's data no longer supports keeps its evidence and
-- is marked stale from that day (docs/recommendations.md, "Stale evidence").
ALTER TABLE "recommendations" ADD COLUMN "stale_since" DATE;
