CREATE TABLE "izs_fin_doc_voucher" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"account_set_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" varchar(32) DEFAULT '' NOT NULL,
	"doc_type" varchar(24) DEFAULT '' NOT NULL,
	"purpose" varchar(8) NOT NULL,
	"voucher_id" bigint NOT NULL,
	"template_id" bigint,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_fin_voucher_template" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"dept_id" bigint,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"account_set_id" bigint NOT NULL,
	"name" varchar(64) DEFAULT '' NOT NULL,
	"doc_type" varchar(24) DEFAULT '' NOT NULL,
	"word" varchar(4) DEFAULT '' NOT NULL,
	"summary" varchar(200) DEFAULT '' NOT NULL,
	"tax_rate" varchar(8) DEFAULT '' NOT NULL,
	"amount_includes_tax" integer DEFAULT 0 NOT NULL,
	"is_default" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_fin_voucher_template_init" (
	"account_set_id" bigint PRIMARY KEY NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_fin_voucher_template_line" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"template_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"summary" varchar(200) DEFAULT '' NOT NULL,
	"account_code" varchar(12) NOT NULL,
	"side" varchar(6) NOT NULL,
	"amount_source" varchar(8) NOT NULL,
	"aux_source" varchar(8) DEFAULT 'none' NOT NULL,
	"per_material" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "izs_fin_doc_voucher_order_idx" ON "izs_fin_doc_voucher" USING btree ("account_set_id","order_id","purpose");--> statement-breakpoint
CREATE INDEX "izs_fin_doc_voucher_voucher_idx" ON "izs_fin_doc_voucher" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "izs_fin_voucher_template_page_idx" ON "izs_fin_voucher_template" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_fin_voucher_template_name_uq" ON "izs_fin_voucher_template" USING btree ("account_set_id","name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_fin_voucher_template_book_idx" ON "izs_fin_voucher_template" USING btree ("account_set_id","doc_type");--> statement-breakpoint
CREATE INDEX "izs_fin_voucher_template_line_tpl_idx" ON "izs_fin_voucher_template_line" USING btree ("template_id");