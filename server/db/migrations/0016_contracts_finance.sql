CREATE TABLE "izs_contract_signature" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"contract_id" bigint NOT NULL,
	"provider" varchar(32) DEFAULT '' NOT NULL,
	"signer_id" bigint,
	"signer_name" varchar(64) DEFAULT '' NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"doc_hash" varchar(64) DEFAULT '' NOT NULL,
	"external_ref" varchar(128) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_easy_crud_demo" (
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
	"code" varchar(32) DEFAULT '' NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"sort_no" integer DEFAULT 0 NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"qty" numeric(14, 3) DEFAULT '0' NOT NULL,
	"rate" numeric(8, 4) DEFAULT '0' NOT NULL,
	"day" varchar(10) DEFAULT '' NOT NULL,
	"happened_at" varchar(19) DEFAULT '' NOT NULL,
	"color" varchar(16) DEFAULT '' NOT NULL,
	"region_code" varchar(12) DEFAULT '' NOT NULL,
	"flag" integer DEFAULT 0 NOT NULL,
	"images" text DEFAULT '' NOT NULL,
	"files" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_finance_contract" (
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
	"contract_no" varchar(32) DEFAULT '' NOT NULL,
	"provider_id" bigint NOT NULL,
	"kind" varchar(16) DEFAULT '' NOT NULL,
	"principal" numeric(16, 2) NOT NULL,
	"annual_rate" numeric(8, 4) NOT NULL,
	"start_date" varchar(10) DEFAULT '' NOT NULL,
	"term_days" integer NOT NULL,
	"warehouse_id" bigint,
	"material_id" bigint,
	"pledged_qty" numeric(14, 3) DEFAULT '0' NOT NULL,
	"released_qty" numeric(14, 3) DEFAULT '0' NOT NULL,
	"repaid_principal" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid_interest" numeric(16, 2) DEFAULT '0' NOT NULL,
	"trading_contract_id" bigint,
	"state" varchar(16) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_finance_repayment" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"contract_id" bigint NOT NULL,
	"repay_date" varchar(10) DEFAULT '' NOT NULL,
	"principal" numeric(16, 2) NOT NULL,
	"interest" numeric(16, 2) NOT NULL,
	"released_qty" numeric(14, 3) DEFAULT '0' NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_fund_provider" (
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
	"name" varchar(100) DEFAULT '' NOT NULL,
	"kind" varchar(16) DEFAULT '' NOT NULL,
	"credit_line" numeric(16, 2) DEFAULT '0' NOT NULL,
	"annual_rate" numeric(8, 4) DEFAULT '0' NOT NULL,
	"pledge_ratio" numeric(8, 4) DEFAULT '0' NOT NULL,
	"contact" varchar(32) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_gold_cert" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"dept_id" bigint,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"cert_status" varchar(16) DEFAULT '' NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL,
	"cert_no" varchar(40) DEFAULT '' NOT NULL,
	"parent_id" bigint,
	"root_id" bigint,
	"issuer_name" varchar(100) DEFAULT '' NOT NULL,
	"holder_party_id" bigint,
	"face" numeric(16, 2) NOT NULL,
	"issue_date" varchar(10) DEFAULT '' NOT NULL,
	"maturity_date" varchar(10) DEFAULT '' NOT NULL,
	"payable_ref" varchar(100) DEFAULT '' NOT NULL,
	"discount_provider_id" bigint,
	"discount_date" varchar(10) DEFAULT '' NOT NULL,
	"discount_rate" numeric(8, 4),
	"discount_interest" numeric(16, 2),
	"settle_date" varchar(10) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_gold_cert_event" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"cert_id" bigint NOT NULL,
	"root_id" bigint NOT NULL,
	"action" varchar(16) DEFAULT '' NOT NULL,
	"from_party" varchar(100) DEFAULT '' NOT NULL,
	"to_party" varchar(100) DEFAULT '' NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"note" varchar(255) DEFAULT '' NOT NULL,
	"user_id" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_project" (
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
	"project_no" varchar(32) DEFAULT '' NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"kind" varchar(16) DEFAULT '' NOT NULL,
	"party_id" bigint,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"start_date" varchar(10) DEFAULT '' NOT NULL,
	"end_date" varchar(10) DEFAULT '' NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_project_site" (
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
	"project_id" bigint NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"contact" varchar(32) DEFAULT '' NOT NULL,
	"phone" varchar(20) DEFAULT '' NOT NULL,
	"estimated_qty" numeric(14, 3) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_site_order" (
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
	"project_id" bigint NOT NULL,
	"site_id" bigint NOT NULL,
	"material_id" bigint,
	"qty" numeric(14, 3) DEFAULT '0' NOT NULL,
	"unit_price" numeric(16, 2) DEFAULT '0' NOT NULL,
	"order_date" varchar(10) DEFAULT '' NOT NULL,
	"order_state" varchar(16) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_supplier_contract" (
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
	"contract_no" varchar(32) DEFAULT '' NOT NULL,
	"party_id" bigint,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"sign_date" varchar(10) DEFAULT '' NOT NULL,
	"valid_from" varchar(10) DEFAULT '' NOT NULL,
	"valid_to" varchar(10) DEFAULT '' NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"attachments" text DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_trading_contract" (
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
	"contract_no" varchar(32) DEFAULT '' NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"side" varchar(16) DEFAULT '' NOT NULL,
	"party_id" bigint NOT NULL,
	"sign_date" varchar(10) DEFAULT '' NOT NULL,
	"delivery_start" varchar(10) DEFAULT '' NOT NULL,
	"delivery_end" varchar(10) DEFAULT '' NOT NULL,
	"delivery_place" varchar(200) DEFAULT '' NOT NULL,
	"tolerance_pct" numeric(8, 4) DEFAULT '0' NOT NULL,
	"tolerance_option" varchar(16) DEFAULT '' NOT NULL,
	"weight_basis" varchar(16) DEFAULT '' NOT NULL,
	"prepayment_pct" numeric(8, 4) DEFAULT '0' NOT NULL,
	"balance_days" integer DEFAULT 0 NOT NULL,
	"deductions" text DEFAULT '' NOT NULL,
	"attachments" text DEFAULT '' NOT NULL,
	"total_qty" numeric(14, 3) DEFAULT '0' NOT NULL,
	"total_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"state" varchar(16) DEFAULT '' NOT NULL,
	"submit_user" bigint,
	"submit_time" timestamp with time zone,
	"approve_user" bigint,
	"approve_time" timestamp with time zone,
	"approve_remark" varchar(255) DEFAULT '' NOT NULL,
	"complete_user" bigint,
	"complete_time" timestamp with time zone,
	"terminate_user" bigint,
	"terminate_time" timestamp with time zone,
	"terminate_reason" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_trading_contract_line" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"contract_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"material_id" bigint NOT NULL,
	"qty" numeric(14, 3) NOT NULL,
	"price_type" varchar(16) DEFAULT '' NOT NULL,
	"ref_name" varchar(64) DEFAULT '' NOT NULL,
	"ref_date" varchar(10) DEFAULT '' NOT NULL,
	"ref_price" numeric(16, 2),
	"premium" numeric(16, 2),
	"unit_price" numeric(16, 2) NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "izs_stock_order" ADD COLUMN "contract_id" bigint;--> statement-breakpoint
ALTER TABLE "izs_weighing_order" ADD COLUMN "contract_id" bigint;--> statement-breakpoint
CREATE INDEX "izs_contract_signature_idx" ON "izs_contract_signature" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "izs_easy_crud_demo_page_idx" ON "izs_easy_crud_demo" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "izs_finance_contract_page_idx" ON "izs_finance_contract" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "izs_finance_contract_pledge_idx" ON "izs_finance_contract" USING btree ("tenant_id","warehouse_id","material_id","state");--> statement-breakpoint
CREATE INDEX "izs_finance_repayment_idx" ON "izs_finance_repayment" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "izs_fund_provider_page_idx" ON "izs_fund_provider" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "izs_gold_cert_page_idx" ON "izs_gold_cert" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "izs_gold_cert_root_idx" ON "izs_gold_cert" USING btree ("root_id");--> statement-breakpoint
CREATE INDEX "izs_gold_cert_event_idx" ON "izs_gold_cert_event" USING btree ("root_id");--> statement-breakpoint
CREATE INDEX "izs_project_page_idx" ON "izs_project" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "izs_project_site_page_idx" ON "izs_project_site" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "izs_site_order_page_idx" ON "izs_site_order" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "izs_supplier_contract_page_idx" ON "izs_supplier_contract" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "izs_trading_contract_page_idx" ON "izs_trading_contract" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_trading_contract_no_uq" ON "izs_trading_contract" USING btree ("tenant_id","contract_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_trading_contract_party_idx" ON "izs_trading_contract" USING btree ("tenant_id","party_id","state");--> statement-breakpoint
CREATE INDEX "izs_trading_contract_line_idx" ON "izs_trading_contract_line" USING btree ("contract_id");