-- Every committed change to what the cached workspace reads cover (apps/server/src/services/
-- workspaces/workspace-read-cache.ts: the workspace view, the metrics heads, the credit
-- balance) is announced on the channel geo_workspace_changed with the workspace id, so every
-- API process drops its cached reads of that workspace. A notice is sent when the transaction commits, once per
-- workspace and transaction (PostgreSQL folds equal notices).
-- The body is an escape string with \073 for each semicolon: the PostgreSQL driver adapter that
-- applies migrations splits scripts at every semicolon, quoted or not.
CREATE FUNCTION geo_notify_workspace_changed() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  changed RECORD\073
BEGIN
  IF TG_OP = ''DELETE'' THEN changed := OLD\073 ELSE changed := NEW\073 END IF\073
  IF TG_TABLE_NAME = ''workspaces'' THEN
    PERFORM pg_notify(''geo_workspace_changed'', changed.id)\073
  ELSE
    PERFORM pg_notify(''geo_workspace_changed'', changed.workspace_id)\073
    IF TG_OP = ''UPDATE'' AND NEW.workspace_id IS DISTINCT FROM OLD.workspace_id THEN
      PERFORM pg_notify(''geo_workspace_changed'', OLD.workspace_id)\073
    END IF\073
  END IF\073
  RETURN NULL\073
END';

-- The workspace row: any column (the view shows most of them), and its removal.
CREATE TRIGGER workspaces_changed
  AFTER UPDATE OR DELETE ON "workspaces"
  FOR EACH ROW EXECUTE FUNCTION geo_notify_workspace_changed();

-- Competitors: names, positions, added and removed.
CREATE TRIGGER competitors_changed
  AFTER INSERT OR UPDATE OR DELETE ON "competitors"
  FOR EACH ROW EXECUTE FUNCTION geo_notify_workspace_changed();

-- Days with data: rollup writes, swaps and re-analysis.
CREATE TRIGGER metric_days_changed
  AFTER INSERT OR UPDATE OR DELETE ON "metric_days"
  FOR EACH ROW EXECUTE FUNCTION geo_notify_workspace_changed();

-- Credits: the account's posted and held amounts, and the lots (credit left, expiry).
CREATE TRIGGER credit_accounts_changed
  AFTER INSERT OR UPDATE OR DELETE ON "credit_accounts"
  FOR EACH ROW EXECUTE FUNCTION geo_notify_workspace_changed();
CREATE TRIGGER credit_lots_changed
  AFTER INSERT OR UPDATE OR DELETE ON "credit_lots"
  FOR EACH ROW EXECUTE FUNCTION geo_notify_workspace_changed();

-- Recommendations: added, removed, or moved to another status (the metrics view's pending counts).
CREATE TRIGGER recommendations_changed
  AFTER INSERT OR DELETE OR UPDATE OF status, workspace_id ON "recommendations"
  FOR EACH ROW EXECUTE FUNCTION geo_notify_workspace_changed();

-- Runs: started, removed, and updates of what the head lists (not progress or leases).
CREATE TRIGGER runs_changed_insert_delete
  AFTER INSERT OR DELETE ON "runs"
  FOR EACH ROW EXECUTE FUNCTION geo_notify_workspace_changed();
CREATE TRIGGER runs_changed_update
  AFTER UPDATE ON "runs"
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
    OR OLD.cost_microusd IS DISTINCT FROM NEW.cost_microusd
    OR OLD.preset IS DISTINCT FROM NEW.preset
    OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.workspace_id IS DISTINCT FROM NEW.workspace_id)
  EXECUTE FUNCTION geo_notify_workspace_changed();
