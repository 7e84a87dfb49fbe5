-- What a run asks (prompt ids, engines with their models, repetitions), so its task rows can be
-- written in several short transactions and completed by the executor (runs before: null,
-- their rows were all written with the run).
ALTER TABLE "runs" ADD COLUMN "task_plan" JSONB;
