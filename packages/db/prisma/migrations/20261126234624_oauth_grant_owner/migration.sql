-- The Google grants whose granter (backfilled by 20261126233529 from the audit records) is no
-- longer a member of the grant's workspace are detached, as a removal does now
-- (services/connections/detach-member-grants.ts): each connection using one loses its
-- credential and its test outcome and needs reconnecting, and the grant is deleted. Grants
-- without a known granter (NULL) stay. The refresh tokens are not revoked at Google from here.
-- This script holds no semicolon except at the end of each statement (the PostgreSQL runner
-- splits on every one).
UPDATE "connections" AS n SET
  "credential_id" = NULL,
  "test_status" = NULL,
  "tested_property" = NULL,
  "tested_credential_id" = NULL,
  "last_error_code" = NULL,
  "last_error" = NULL,
  "reconnect_required_at" = CURRENT_TIMESTAMP,
  "updated_at" = CURRENT_TIMESTAMP
FROM "stored_credentials" AS c
WHERE n."credential_id" = c."id"
  AND c."kind" = 'google_oauth' AND c."granted_by_user_id" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "members" AS m
    WHERE m."workspace_id" = c."workspace_id" AND m."user_id" = c."granted_by_user_id"
  );

DELETE FROM "stored_credentials" AS c
WHERE c."kind" = 'google_oauth' AND c."granted_by_user_id" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "members" AS m
    WHERE m."workspace_id" = c."workspace_id" AND m."user_id" = c."granted_by_user_id"
  );
