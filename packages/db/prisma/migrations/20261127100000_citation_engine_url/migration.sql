-- A citation keeps the engine's own link when its URL was resolved from a redirect (Gemini's
-- grounding chunks link vertexaisearch.cloud.google.com/grounding-api-redirect/...). Citations
-- stored before this release with such a link and a host name as title (Gemini puts the
-- source's domain there) move to that site's root, the link kept, and the analysis version bump of
-- the same release re-analyses their days. This script holds no semicolon except at the end of
-- each statement (the PostgreSQL runner splits on every one).
ALTER TABLE "citations" ADD COLUMN "engine_url" TEXT;

UPDATE "citations" SET
  "engine_url" = "url",
  "url" = 'https://' || lower("title") || '/'
WHERE "url" LIKE 'https://vertexaisearch.cloud.google.com/grounding-api-redirect/%'
  AND "title" ~ '^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,63}$';
