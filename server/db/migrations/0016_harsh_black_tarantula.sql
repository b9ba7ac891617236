CREATE TABLE "izs_ar_cash" (
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
	"order_no" varchar(32) DEFAULT '' NOT NULL,
	"side" varchar(2) DEFAULT '' NOT NULL,
	"kind" varchar(12) DEFAULT '' NOT NULL,
	"party_id" bigint NOT NULL,
	"account_type" varchar(8) DEFAULT '' NOT NULL,
	"bank_id" bigint,
	"method" varchar(12) DEFAULT '' NOT NULL,
	"bill_no" varchar(40) DEFAULT '' NOT NULL,
	"cash_date" varchar(10) DEFAULT '' NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"fee" numeric(16, 2) DEFAULT '0' NOT NULL,
	"applied" numeric(16, 2) DEFAULT '0' NOT NULL,
	"state" varchar(16) DEFAULT '' NOT NULL,
	"reviewer" bigint,
	"review_time" timestamp with time zone,
	"void_user" bigint,
	"void_time" timestamp with time zone,
	"void_reason" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_ar_credit" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"party_id" bigint NOT NULL,
	"credit_limit" numeric(16, 2) DEFAULT '0' NOT NULL,
	"payment_days" integer DEFAULT 0 NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_ar_doc" (
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
	"order_no" varchar(32) DEFAULT '' NOT NULL,
	"side" varchar(2) DEFAULT '' NOT NULL,
	"party_id" bigint NOT NULL,
	"source_type" varchar(16) DEFAULT '' NOT NULL,
	"source_id" bigint,
	"source_no" varchar(32) DEFAULT '' NOT NULL,
	"doc_date" varchar(10) DEFAULT '' NOT NULL,
	"due_date" varchar(10) DEFAULT '' NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"settled" numeric(16, 2) DEFAULT '0' NOT NULL,
	"summary" varchar(200) DEFAULT '' NOT NULL,
	"state" varchar(16) DEFAULT '' NOT NULL,
	"reviewer" bigint,
	"review_time" timestamp with time zone,
	"void_user" bigint,
	"void_time" timestamp with time zone,
	"void_reason" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_ar_invoice" (
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
	"direction" varchar(4) DEFAULT '' NOT NULL,
	"party_id" bigint,
	"invoice_code" varchar(20) DEFAULT '' NOT NULL,
	"invoice_no" varchar(24) DEFAULT '' NOT NULL,
	"invoice_type" varchar(12) DEFAULT '' NOT NULL,
	"invoice_date" varchar(10) DEFAULT '' NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"tax_and_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"purchaser_name" varchar(100) DEFAULT '' NOT NULL,
	"purchaser_taxpayer_id" varchar(20) DEFAULT '' NOT NULL,
	"purchaser_address" varchar(255) DEFAULT '' NOT NULL,
	"purchaser_bank_name" varchar(100) DEFAULT '' NOT NULL,
	"purchaser_bank_account" varchar(40) DEFAULT '' NOT NULL,
	"seller_name" varchar(100) DEFAULT '' NOT NULL,
	"seller_taxpayer_id" varchar(20) DEFAULT '' NOT NULL,
	"seller_address" varchar(255) DEFAULT '' NOT NULL,
	"seller_bank_name" varchar(100) DEFAULT '' NOT NULL,
	"seller_bank_account" varchar(40) DEFAULT '' NOT NULL,
	"reverse" integer DEFAULT 0 NOT NULL,
	"origin" varchar(8) DEFAULT '' NOT NULL,
	"file_hash" varchar(64) DEFAULT '' NOT NULL,
	"lines" jsonb,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_ar_invoice_link" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"invoice_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"amount" numeric(16, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_ar_reverse" (
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
	"order_id" bigint NOT NULL,
	"seller_name" varchar(50) DEFAULT '' NOT NULL,
	"id_number" varchar(18) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"bank_card" varchar(32) DEFAULT '' NOT NULL,
	"month" varchar(7) DEFAULT '' NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"evidence" jsonb,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_ar_settle" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"side" varchar(2) DEFAULT '' NOT NULL,
	"kind" varchar(8) DEFAULT '' NOT NULL,
	"party_id" bigint NOT NULL,
	"doc_id" bigint,
	"cash_id" bigint,
	"refund_id" bigint,
	"transfer_id" bigint,
	"amount" numeric(16, 2) NOT NULL,
	"settle_date" varchar(10) DEFAULT '' NOT NULL,
	"is_void" integer DEFAULT 0 NOT NULL,
	"reverses_id" bigint,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_ar_transfer" (
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
	"order_no" varchar(32) DEFAULT '' NOT NULL,
	"kind" varchar(12) DEFAULT '' NOT NULL,
	"party_id" bigint,
	"from_account" varchar(100) DEFAULT '' NOT NULL,
	"to_account" varchar(100) DEFAULT '' NOT NULL,
	"transfer_date" varchar(10) DEFAULT '' NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"state" varchar(16) DEFAULT '' NOT NULL,
	"reviewer" bigint,
	"review_time" timestamp with time zone,
	"void_user" bigint,
	"void_time" timestamp with time zone,
	"void_reason" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "izs_ar_cash_page_idx" ON "izs_ar_cash" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_ar_cash_no_uq" ON "izs_ar_cash" USING btree ("tenant_id","order_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_ar_cash_party_idx" ON "izs_ar_cash" USING btree ("tenant_id","side","party_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_ar_credit_uq" ON "izs_ar_credit" USING btree ("tenant_id","party_id");--> statement-breakpoint
CREATE INDEX "izs_ar_doc_page_idx" ON "izs_ar_doc" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_ar_doc_no_uq" ON "izs_ar_doc" USING btree ("tenant_id","order_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_ar_doc_party_idx" ON "izs_ar_doc" USING btree ("tenant_id","side","party_id","state");--> statement-breakpoint
CREATE INDEX "izs_ar_doc_source_idx" ON "izs_ar_doc" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "izs_ar_invoice_page_idx" ON "izs_ar_invoice" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_ar_invoice_no_uq" ON "izs_ar_invoice" USING btree ("tenant_id","direction","invoice_code","invoice_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_ar_invoice_link_inv_idx" ON "izs_ar_invoice_link" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "izs_ar_invoice_link_order_idx" ON "izs_ar_invoice_link" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "izs_ar_reverse_page_idx" ON "izs_ar_reverse" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_ar_reverse_order_uq" ON "izs_ar_reverse" USING btree ("order_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_ar_settle_doc_idx" ON "izs_ar_settle" USING btree ("doc_id");--> statement-breakpoint
CREATE INDEX "izs_ar_settle_cash_idx" ON "izs_ar_settle" USING btree ("cash_id");--> statement-breakpoint
CREATE INDEX "izs_ar_settle_party_idx" ON "izs_ar_settle" USING btree ("tenant_id","party_id");--> statement-breakpoint
CREATE INDEX "izs_ar_transfer_page_idx" ON "izs_ar_transfer" USING btree ("tenant_id","is_deleted","create_time");