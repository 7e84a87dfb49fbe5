-- AlterTable
ALTER TABLE "connections" ADD COLUMN     "reconnect_required_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "stored_credentials" ADD COLUMN     "granted_by_user_id" TEXT;

-- Existing Google grants: the person who stored them, from their audit records (the OAuth
-- callback audits `credential.set` or `credential.rotate` as that signed-in person).
UPDATE "stored_credentials" AS c SET "granted_by_user_id" = (
  SELECT e."actor_id" FROM "audit_events" AS e
  WHERE e."target_type" = 'stored_credential' AND e."target_id" = c."id"
    AND e."action" IN ('credential.set', 'credential.rotate') AND e."actor_type" = 'user'
  ORDER BY e."created_at" DESC LIMIT 1
)
WHERE c."kind" = 'google_oauth';
