DROP INDEX "izs_ar_reverse_order_uq";--> statement-breakpoint
ALTER TABLE "izs_ar_reverse" ADD COLUMN "order_no" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_ar_reverse" ADD COLUMN "party_id" bigint;--> statement-breakpoint
ALTER TABLE "izs_ar_reverse" ADD COLUMN "net_amount" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_ar_reverse" ADD COLUMN "tax_rate" varchar(8) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_ar_reverse" ADD COLUMN "tax_amount" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_ar_reverse" ADD COLUMN "iit_amount" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_ar_reverse" ADD COLUMN "state" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_ar_reverse" ADD COLUMN "invoice_no" varchar(24) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_ar_reverse" ADD COLUMN "issue_date" varchar(10) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_ar_reverse" ADD COLUMN "void_reason" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "izs_ar_reverse_seller_idx" ON "izs_ar_reverse" USING btree ("tenant_id","id_number","month");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_ar_reverse_order_uq" ON "izs_ar_reverse" USING btree ("order_id") WHERE is_deleted = 0 and state <> 'voided';