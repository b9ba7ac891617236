-- Live-row counters for the two log lists (接口日志, 操作日志; issue 25's busy year: their unfiltered pages counted
-- every row of the tenant, ~20–30 ms at a year's 250,000 / 350,000 rows). The log tables have neither is_deleted nor
-- dept_id: every row counts, under department 0. Same statement-level triggers as 0008 (one upsert per touched tenant
-- per statement: the API log's batched inserts and the retention job's deletes stay one statement each).
CREATE OR REPLACE FUNCTION loopyard_row_count_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO loopyard_row_count AS c (table_name, tenant_id, dept_id, n)
    SELECT TG_TABLE_NAME, o.tenant_id, 0, -count(*) FROM old_rows o GROUP BY o.tenant_id
    ON CONFLICT (table_name, tenant_id, dept_id) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO loopyard_row_count AS c (table_name, tenant_id, dept_id, n)
    SELECT TG_TABLE_NAME, r.tenant_id, 0, count(*) FROM new_rows r GROUP BY r.tenant_id
    ON CONFLICT (table_name, tenant_id, dept_id) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['blade_log_api', 'blade_log_operation'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION loopyard_row_count_all()', t || '_row_count_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION loopyard_row_count_all()', t || '_row_count_upd', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION loopyard_row_count_all()', t || '_row_count_del', t);
    EXECUTE format('INSERT INTO loopyard_row_count (table_name, tenant_id, dept_id, n) '
      'SELECT %L, tenant_id, 0, count(*) FROM %I GROUP BY tenant_id '
      'ON CONFLICT (table_name, tenant_id, dept_id) DO UPDATE SET n = excluded.n', t, t);
  END LOOP;
END $$;
