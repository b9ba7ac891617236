-- 进项 / 销项发票 lists (issue 25's busy year): one direction, newest invoice date first, read backwards — the page
-- takes ten rows instead of sorting the direction's 34,000 invoices; the count reads the index.
CREATE INDEX "izs_ar_invoice_direction_date_idx" ON "izs_ar_invoice" USING btree ("tenant_id","direction","invoice_date","id") WHERE is_deleted = 0;