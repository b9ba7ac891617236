-- Maintained period sums (issue 25): izs_fin_period_sum keeps Σ debit, Σ credit and the count of live lines of
-- izs_fin_voucher_line per (book, account, auxiliary key, period, 结转损益 flag, posted flag). Statement-level
-- triggers with transition tables (as loopyard_row_count, migration 0008): one upsert per touched group per
-- statement, in the writing transaction, so every writer — voucher save and edit, post and un-post, delete,
-- generated, carried-forward and bulk-loaded vouchers — keeps them without knowing they exist. Groups are upserted
-- in key order so that two transactions touching the same groups queue instead of deadlocking.
CREATE OR REPLACE FUNCTION izs_fin_period_sum_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO izs_fin_period_sum AS s
        (tenant_id, account_set_id, account_code, aux_key, period, carry_forward, posted, debit, credit, lines)
      SELECT min(o.tenant_id), o.account_set_id, o.account_code, o.aux_key, o.period, o.carry_forward, o.posted,
             -sum(o.debit), -sum(o.credit), -count(*)
        FROM old_rows o WHERE o.is_deleted = 0
        GROUP BY o.account_set_id, o.account_code, o.aux_key, o.period, o.carry_forward, o.posted
        ORDER BY 2, 3, 4, 5, 6, 7
    ON CONFLICT (account_set_id, account_code, aux_key, period, carry_forward, posted) DO UPDATE
      SET debit = s.debit + excluded.debit, credit = s.credit + excluded.credit, lines = s.lines + excluded.lines;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO izs_fin_period_sum AS s
        (tenant_id, account_set_id, account_code, aux_key, period, carry_forward, posted, debit, credit, lines)
      SELECT min(r.tenant_id), r.account_set_id, r.account_code, r.aux_key, r.period, r.carry_forward, r.posted,
             sum(r.debit), sum(r.credit), count(*)
        FROM new_rows r WHERE r.is_deleted = 0
        GROUP BY r.account_set_id, r.account_code, r.aux_key, r.period, r.carry_forward, r.posted
        ORDER BY 2, 3, 4, 5, 6, 7
    ON CONFLICT (account_set_id, account_code, aux_key, period, carry_forward, posted) DO UPDATE
      SET debit = s.debit + excluded.debit, credit = s.credit + excluded.credit, lines = s.lines + excluded.lines;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER izs_fin_voucher_line_sum_ins AFTER INSERT ON izs_fin_voucher_line
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION izs_fin_period_sum_apply();
--> statement-breakpoint
CREATE TRIGGER izs_fin_voucher_line_sum_upd AFTER UPDATE ON izs_fin_voucher_line
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION izs_fin_period_sum_apply();
--> statement-breakpoint
CREATE TRIGGER izs_fin_voucher_line_sum_del AFTER DELETE ON izs_fin_voucher_line
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION izs_fin_period_sum_apply();
--> statement-breakpoint
INSERT INTO izs_fin_period_sum
    (tenant_id, account_set_id, account_code, aux_key, period, carry_forward, posted, debit, credit, lines)
  SELECT min(tenant_id), account_set_id, account_code, aux_key, period, carry_forward, posted,
         sum(debit), sum(credit), count(*)
    FROM izs_fin_voucher_line WHERE is_deleted = 0
    GROUP BY account_set_id, account_code, aux_key, period, carry_forward, posted;
