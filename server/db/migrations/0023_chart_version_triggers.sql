-- A book's chart version (issue 25, izs_fin_chart_version): every statement that writes izs_fin_account gives the
-- books it touched a fresh value of loopyard_id_seq, in its own transaction. A process keeps each book's parsed chart
-- under that value (server/modules/izs-financing/book.ts loadBookChart) and re-reads the accounts when it changes;
-- a sequence never hands a value out twice (not even after a rollback), so a kept chart always matches its version.
CREATE OR REPLACE FUNCTION izs_fin_chart_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO izs_fin_chart_version AS v (account_set_id, version)
      SELECT DISTINCT account_set_id, nextval('loopyard_id_seq') FROM (SELECT DISTINCT account_set_id FROM new_rows) n
      ORDER BY 1
    ON CONFLICT (account_set_id) DO UPDATE SET version = excluded.version;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO izs_fin_chart_version AS v (account_set_id, version)
      SELECT DISTINCT account_set_id, nextval('loopyard_id_seq') FROM (SELECT DISTINCT account_set_id FROM old_rows) o
      ORDER BY 1
    ON CONFLICT (account_set_id) DO UPDATE SET version = excluded.version;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER izs_fin_account_chart_ins AFTER INSERT ON izs_fin_account
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION izs_fin_chart_version_bump();
--> statement-breakpoint
CREATE TRIGGER izs_fin_account_chart_upd AFTER UPDATE ON izs_fin_account
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION izs_fin_chart_version_bump();
--> statement-breakpoint
CREATE TRIGGER izs_fin_account_chart_del AFTER DELETE ON izs_fin_account
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION izs_fin_chart_version_bump();
--> statement-breakpoint
INSERT INTO izs_fin_chart_version (account_set_id, version)
  SELECT account_set_id, nextval('loopyard_id_seq') FROM (SELECT DISTINCT account_set_id FROM izs_fin_account) a;
