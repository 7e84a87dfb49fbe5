-- Rollup generations (docs/metrics.md, "Rollups"): a day's rollup rows carry the generation
-- they belong to, and readers take the rows of the day's current one (metric_days.generation).
-- A re-analysis that rewrites much of a day writes its rows at a new generation in small
-- statements, then moves the day to it in one short statement and deletes the old rows in small
-- statements: on the embedded database no statement holds the only connection for long, and
-- readers still see the old day or the new one, never a mix. Existing rows are generation 0,
-- which every existing day has.

-- AlterTable
ALTER TABLE "metric_cells" DROP CONSTRAINT "metric_cells_pkey",
ADD COLUMN     "generation" INTEGER NOT NULL DEFAULT 0,
ADD CONSTRAINT "metric_cells_pkey" PRIMARY KEY ("workspace_id", "analysis_version", "day", "generation", "engine", "prompt_id");

-- AlterTable
ALTER TABLE "metric_day_engine_entity_counts" DROP CONSTRAINT "metric_day_engine_entity_counts_pkey",
ADD COLUMN     "generation" INTEGER NOT NULL DEFAULT 0,
ADD CONSTRAINT "metric_day_engine_entity_counts_pkey" PRIMARY KEY ("workspace_id", "analysis_version", "day", "generation", "engine", "entity_id");

-- AlterTable
ALTER TABLE "metric_day_engines" DROP CONSTRAINT "metric_day_engines_pkey",
ADD COLUMN     "generation" INTEGER NOT NULL DEFAULT 0,
ADD CONSTRAINT "metric_day_engines_pkey" PRIMARY KEY ("workspace_id", "analysis_version", "day", "generation", "engine");

-- AlterTable
ALTER TABLE "metric_days" ADD COLUMN     "generation" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "last_generation" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "metric_entity_counts" DROP CONSTRAINT "metric_entity_counts_pkey",
ADD COLUMN     "generation" INTEGER NOT NULL DEFAULT 0,
ADD CONSTRAINT "metric_entity_counts_pkey" PRIMARY KEY ("workspace_id", "analysis_version", "day", "generation", "engine", "prompt_id", "entity_id");

-- AlterTable
ALTER TABLE "metric_group_domain_counts" DROP CONSTRAINT "metric_group_domain_counts_pkey",
ADD COLUMN     "generation" INTEGER NOT NULL DEFAULT 0,
ADD CONSTRAINT "metric_group_domain_counts_pkey" PRIMARY KEY ("workspace_id", "analysis_version", "day", "generation", "engine", "category", "language", "region", "domain");

-- AlterTable
ALTER TABLE "metric_group_entity_counts" DROP CONSTRAINT "metric_group_entity_counts_pkey",
ADD COLUMN     "generation" INTEGER NOT NULL DEFAULT 0,
ADD CONSTRAINT "metric_group_entity_counts_pkey" PRIMARY KEY ("workspace_id", "analysis_version", "day", "generation", "engine", "category", "language", "region", "entity_id");

-- AlterTable
ALTER TABLE "metric_groups" DROP CONSTRAINT "metric_groups_pkey",
ADD COLUMN     "generation" INTEGER NOT NULL DEFAULT 0,
ADD CONSTRAINT "metric_groups_pkey" PRIMARY KEY ("workspace_id", "analysis_version", "day", "generation", "engine", "category", "language", "region");

-- Handing out a generation (last_generation) changes nothing readers see: the notice that
-- drops cached reads fires on the other columns only.
DROP TRIGGER metric_days_changed ON "metric_days";
CREATE TRIGGER metric_days_changed_insert_delete
  AFTER INSERT OR DELETE ON "metric_days"
  FOR EACH ROW EXECUTE FUNCTION geo_notify_workspace_changed();
CREATE TRIGGER metric_days_changed_update
  AFTER UPDATE OF workspace_id, analysis_version, day, responses, revision, subject_fingerprint, generation
  ON "metric_days"
  FOR EACH ROW EXECUTE FUNCTION geo_notify_workspace_changed();
