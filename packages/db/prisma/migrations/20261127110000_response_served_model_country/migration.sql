-- What an engine answer was served by and where the asker was said to be: the model the
-- provider reports (it may route a retired model to another) and the country sent with the
-- search (ISO 3166-1 alpha-2, from the prompt's region). Answers stored before stay NULL.
ALTER TABLE "engine_responses" ADD COLUMN "served_model" TEXT;
ALTER TABLE "engine_responses" ADD COLUMN "country" TEXT;
-- How an answer ended (completed, truncated, refused, filtered) or why a task failed
-- (truncated, quota_exhausted, failed). Answers stored before read as completed or failed.
ALTER TABLE "engine_responses" ADD COLUMN "end_state" TEXT;
UPDATE "engine_responses" SET "end_state" = CASE WHEN "status" = 'succeeded' THEN 'completed' ELSE 'failed' END
WHERE "status" <> 'pending';
