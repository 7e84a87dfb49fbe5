-- A workspace may name the city its search pages are read from (Google's AI Overviews and AI
-- Mode as a visitor there sees them), and every answer records the city it was asked from.
ALTER TABLE "workspaces" ADD COLUMN "search_location" JSONB;
ALTER TABLE "engine_responses" ADD COLUMN "city" TEXT;
