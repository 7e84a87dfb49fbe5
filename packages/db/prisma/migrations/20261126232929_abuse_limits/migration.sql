-- AlterTable
ALTER TABLE "free_grants" ADD COLUMN     "email_key" TEXT;

-- Backfill: the normalised email of each grant's user (the rule of
-- apps/server/src/text/email-identity.ts: lower case, "+tag" dropped from the
-- local part, dots dropped and googlemail.com folded into gmail.com for Gmail).
-- Where two existing grants share a mailbox, the first keeps the key.
WITH parts AS (
    SELECT g.user_id, g.created_at,
           regexp_replace(lower(u.email), '@[^@]*$', '') AS local_part,
           rtrim(substring(lower(u.email) from '@([^@]*)$'), '.') AS domain_part
    FROM "free_grants" g JOIN "users" u ON u.id = g.user_id
), folded AS (
    SELECT user_id, created_at,
           CASE WHEN position('+' in local_part) > 1 THEN split_part(local_part, '+', 1) ELSE local_part END AS local_part,
           CASE WHEN domain_part = 'googlemail.com' THEN 'gmail.com' ELSE domain_part END AS domain_part
    FROM parts
), keyed AS (
    SELECT user_id,
           (CASE WHEN domain_part = 'gmail.com' THEN replace(local_part, '.', '') ELSE local_part END) || '@' || domain_part AS email_key,
           row_number() OVER (
               PARTITION BY (CASE WHEN domain_part = 'gmail.com' THEN replace(local_part, '.', '') ELSE local_part END) || '@' || domain_part
               ORDER BY created_at, user_id) AS rank
    FROM folded WHERE domain_part IS NOT NULL
)
UPDATE "free_grants" g SET "email_key" = keyed.email_key
FROM keyed WHERE keyed.user_id = g.user_id AND keyed.rank = 1;

-- CreateTable
CREATE TABLE "rate_limit_buckets" (
    "bucket" TEXT NOT NULL,
    "full_at_ms" BIGINT NOT NULL,

    CONSTRAINT "rate_limit_buckets_pkey" PRIMARY KEY ("bucket")
);

-- CreateIndex
CREATE UNIQUE INDEX "free_grants_email_key_key" ON "free_grants"("email_key");
