-- The language an engine answer was asked in (ISO 639-1, the prompt's language at the time),
-- sent to the providers that take one for their search and in the prompt's text to all.
-- Answers stored before stay NULL.
ALTER TABLE "engine_responses" ADD COLUMN "language" TEXT;
