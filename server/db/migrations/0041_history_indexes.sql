-- Indexes that keep the dashboard's figures the cost of what they show, not of the history (issue 25, a busy year):
-- the trend's documents by kind, state and day; the vouchers still to review or post; the open reviewed 应收单 / 应付单 by
-- due date.
DROP INDEX "izs_stock_order_type_idx";--> statement-breakpoint
CREATE INDEX "izs_fin_voucher_open_idx" ON "izs_fin_voucher" USING btree ("tenant_id","state") WHERE is_deleted = 0 and state in ('saved', 'reviewed');--> statement-breakpoint
CREATE INDEX "izs_ar_doc_open_idx" ON "izs_ar_doc" USING btree ("tenant_id","side","due_date") WHERE is_deleted = 0 and state = 'reviewed' and amount > settled;--> statement-breakpoint
CREATE INDEX "izs_stock_order_type_date_idx" ON "izs_stock_order" USING btree ("tenant_id","doc_type","state","order_date");