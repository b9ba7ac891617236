ALTER TABLE "izs_ar_cash" ADD COLUMN "bill_id" bigint;--> statement-breakpoint
ALTER TABLE "izs_ar_cash" ADD COLUMN "bill_mode" varchar(8) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_ar_doc" ADD COLUMN "net" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_ar_doc" ADD COLUMN "tax" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_ar_doc" ADD COLUMN "tax_rate" numeric(6, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_ar_doc" ADD COLUMN "tax_source" varchar(12) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_fin_bill" ADD COLUMN "drawer" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_fin_bill" ADD COLUMN "cash_id" bigint;--> statement-breakpoint
ALTER TABLE "izs_fin_bill" ADD COLUMN "cash_no" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_fin_bill_event" ADD COLUMN "cash_id" bigint;--> statement-breakpoint
ALTER TABLE "izs_fin_bill_event" ADD COLUMN "cash_no" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "izs_ar_doc" SET "net" = "amount" WHERE "tax_source" = '';
