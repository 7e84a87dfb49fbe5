-- AlterTable
ALTER TABLE "connections" ADD COLUMN     "reconnect_required_at" TIMESTAMPTZ(3);

-- AlterTable (IF NOT EXISTS: a database that ran the earlier draft of 20261126234624, which
-- added the same column, changes nothing here)
ALTER TABLE "stored_credentials" ADD COLUMN IF NOT EXISTS "granted_by_user_id" TEXT;

-- Existing Google grants: the person who stored them, from their latest audit record (the
-- OAuth callback audits `credential.set` or `credential.rotate` as that signed-in person). A
-- grant without one stays NULL: nobody may point it at another property until someone
-- connects with Google again.
UPDATE "stored_credentials" AS c SET "granted_by_user_id" = (
  SELECT e."actor_id" FROM "audit_events" AS e
  WHERE e."target_type" = 'stored_credential' AND e."target_id" = c."id"
    AND e."action" IN ('credential.set', 'credential.rotate') AND e."actor_type" = 'user'
  ORDER BY e."created_at" DESC, e."id" DESC LIMIT 1
)
WHERE c."kind" = 'google_oauth' AND c."granted_by_user_id" IS NULL;
