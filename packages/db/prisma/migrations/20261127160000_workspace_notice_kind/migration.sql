-- A workspace change notice may carry the kind of write that caused it: `<workspace id>:<kind>`
-- when the writing transaction set `geo.workspace_notice` (set_config(..., true), local to it),
-- the id alone otherwise. A run's answer batches set `recorded`, which listeners fold to at most
-- one cache drop a second per workspace while the run records (apps/server/src/services/
-- workspaces/workspace-read-cache.ts), every other change drops them at once.
-- The body is an escape string with \073 for each semicolon (see workspace_change_notify).
CREATE OR REPLACE FUNCTION geo_notify_workspace_changed() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  changed RECORD\073
  kind TEXT := coalesce(current_setting(''geo.workspace_notice'', true), '''')\073
  suffix TEXT := CASE WHEN kind = '''' THEN '''' ELSE '':'' || kind END\073
BEGIN
  IF TG_OP = ''DELETE'' THEN changed := OLD\073 ELSE changed := NEW\073 END IF\073
  IF TG_TABLE_NAME = ''workspaces'' THEN
    PERFORM pg_notify(''geo_workspace_changed'', changed.id || suffix)\073
  ELSE
    PERFORM pg_notify(''geo_workspace_changed'', changed.workspace_id || suffix)\073
    IF TG_OP = ''UPDATE'' AND NEW.workspace_id IS DISTINCT FROM OLD.workspace_id THEN
      PERFORM pg_notify(''geo_workspace_changed'', OLD.workspace_id || suffix)\073
    END IF\073
  END IF\073
  RETURN NULL\073
END';
