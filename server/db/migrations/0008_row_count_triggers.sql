-- Live-row counters for the resource engine (server/platform/crud/engine.ts, page `total`): statement-level
-- triggers with transition tables keep loopyard_row_count = count of rows with is_deleted = 0 per
-- (table, tenant, department). One upsert per touched (tenant, department) per statement, so bulk inserts stay fast.
-- The engine finds the tables through their `<table>_row_count_ins` trigger; others keep count(*).
CREATE OR REPLACE FUNCTION loopyard_row_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO loopyard_row_count AS c (table_name, tenant_id, dept_id, n)
    SELECT TG_TABLE_NAME, o.tenant_id, coalesce(o.dept_id, 0), -count(*)
      FROM old_rows o WHERE o.is_deleted = 0 GROUP BY o.tenant_id, coalesce(o.dept_id, 0)
    ON CONFLICT (table_name, tenant_id, dept_id) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO loopyard_row_count AS c (table_name, tenant_id, dept_id, n)
    SELECT TG_TABLE_NAME, r.tenant_id, coalesce(r.dept_id, 0), count(*)
      FROM new_rows r WHERE r.is_deleted = 0 GROUP BY r.tenant_id, coalesce(r.dept_id, 0)
    ON CONFLICT (table_name, tenant_id, dept_id) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['izs_material', 'izs_material_category', 'izs_warehouse', 'izs_weighbridge', 'izs_bank',
    'izs_related_party', 'izs_financial_expenses', 'izs_salesman', 'izs_org_manage', 'izs_camera',
    'izs_stock_weigh_order'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION loopyard_row_count()', t || '_row_count_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION loopyard_row_count()', t || '_row_count_upd', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows '
      'FOR EACH STATEMENT EXECUTE FUNCTION loopyard_row_count()', t || '_row_count_del', t);
    EXECUTE format('INSERT INTO loopyard_row_count (table_name, tenant_id, dept_id, n) '
      'SELECT %L, tenant_id, coalesce(dept_id, 0), count(*) FROM %I WHERE is_deleted = 0 '
      'GROUP BY tenant_id, coalesce(dept_id, 0) '
      'ON CONFLICT (table_name, tenant_id, dept_id) DO UPDATE SET n = excluded.n', t, t);
  END LOOP;
END $$;
