-- AlterTable (IF NOT EXISTS: the member-removal migration of the roles work adds the same
-- column with the same backfill, and whichever runs second changes nothing)
ALTER TABLE "stored_credentials" ADD COLUMN IF NOT EXISTS "granted_by_user_id" TEXT;

-- The person who stored each Google OAuth grant, from its latest audit record
-- (`credential.set` or `credential.rotate`, written by the OAuth callback with the
-- session user as actor). A grant without one stays NULL: nobody may point it at
-- another property until someone connects with Google again.
UPDATE "stored_credentials" AS c
SET "granted_by_user_id" = (
  SELECT a."actor_id" FROM "audit_events" AS a
  WHERE a."target_type" = 'stored_credential' AND a."target_id" = c."id"
    AND a."actor_type" = 'user' AND a."action" IN ('credential.set', 'credential.rotate')
  ORDER BY a."created_at" DESC, a."id" DESC
  LIMIT 1
)
WHERE c."kind" = 'google_oauth' AND c."granted_by_user_id" IS NULL;
