-- Where each answer was read (api, search_page, consumer_app) and who collected it (the
-- provider whose API was called). Every answer stored before was read from a developer API by
-- its engine's own provider: the surface default says so without rewriting the table, and a
-- NULL collector is read as the engine's provider.
ALTER TABLE "engine_responses" ADD COLUMN "surface" TEXT NOT NULL DEFAULT 'api';
ALTER TABLE "engine_responses" ADD COLUMN "collector" TEXT;
