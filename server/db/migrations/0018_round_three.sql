CREATE TABLE "izs_chain_token" (
	"tenant_id" varchar(12) NOT NULL,
	"order_type" varchar(32) DEFAULT '' NOT NULL,
	"order_no" varchar(64) DEFAULT '' NOT NULL,
	"token" varchar(32) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "izs_chain_token_tenant_id_order_type_order_no_pk" PRIMARY KEY("tenant_id","order_type","order_no")
);
--> statement-breakpoint
CREATE TABLE "izs_rate_limit" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"window_start" bigint NOT NULL,
	"count" integer NOT NULL,
	"expires_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_visual_site" (
	"tenant_id" varchar(12) NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"lon" numeric(9, 6) NOT NULL,
	"lat" numeric(8, 6) NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "izs_visual_site_tenant_id_warehouse_id_pk" PRIMARY KEY("tenant_id","warehouse_id")
);
--> statement-breakpoint
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
ALTER TABLE "lg_order" ADD COLUMN "load_source" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lg_order" ADD COLUMN "load_doc_no" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lg_order" ADD COLUMN "load_net_kg" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "lg_order" ADD COLUMN "unload_source" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lg_order" ADD COLUMN "unload_doc_no" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lg_order" ADD COLUMN "unload_net_kg" numeric(14, 3);--> statement-breakpoint
CREATE UNIQUE INDEX "izs_chain_token_uq" ON "izs_chain_token" USING btree ("token");--> statement-breakpoint
CREATE INDEX "izs_rate_limit_exp_idx" ON "izs_rate_limit" USING btree ("expires_ms");--> statement-breakpoint
CREATE INDEX "izs_ar_reverse_seller_idx" ON "izs_ar_reverse" USING btree ("tenant_id","id_number","month");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_ar_reverse_order_uq" ON "izs_ar_reverse" USING btree ("order_id") WHERE is_deleted = 0 and state <> 'voided';