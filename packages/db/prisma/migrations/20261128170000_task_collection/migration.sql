-- Providers that collect in two steps (post a task, fetch its result later: DataForSEO's SERP
-- API) keep the task's id on its answer row, so a task asked again after a crash is fetched,
-- not posted and paid for again. And the runs count answers whose search page showed no AI
-- answer (end state not_shown).
ALTER TABLE "engine_responses" ADD COLUMN "collection_id" TEXT;
ALTER TABLE "engine_responses" ADD COLUMN "collection_posted_at" TIMESTAMPTZ(3);
ALTER TABLE "runs" ADD COLUMN "not_shown_tasks" INTEGER NOT NULL DEFAULT 0;
