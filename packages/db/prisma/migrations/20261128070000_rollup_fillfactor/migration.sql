-- Rollup rows are updated in place all day (every recorded batch adds to them, every
-- re-analysis overwrites them) and never change their keys. Pages kept 30% free let most of
-- those updates stay on their page (heap-only: no new entry in the primary-key index):
-- bench/rollup-upsert.ts overwrote an 800-row day in 24-35 ms instead of 42-46 ms on the
-- embedded database. It applies to pages written from now on, and Prisma schemas cannot say it.
ALTER TABLE "metric_days" SET (fillfactor = 70);
ALTER TABLE "metric_cells" SET (fillfactor = 70);
ALTER TABLE "metric_entity_counts" SET (fillfactor = 70);
ALTER TABLE "metric_groups" SET (fillfactor = 70);
ALTER TABLE "metric_group_entity_counts" SET (fillfactor = 70);
ALTER TABLE "metric_group_domain_counts" SET (fillfactor = 70);
ALTER TABLE "metric_day_engines" SET (fillfactor = 70);
ALTER TABLE "metric_day_engine_entity_counts" SET (fillfactor = 70);
