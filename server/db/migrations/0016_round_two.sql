CREATE TABLE "izs_visual_config" (
	"tenant_id" varchar(12) NOT NULL,
	"dept_id" bigint NOT NULL,
	"config" jsonb NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "izs_visual_config_tenant_id_dept_id_pk" PRIMARY KEY("tenant_id","dept_id")
);
--> statement-breakpoint
CREATE TABLE "izs_chain_block" (
	"tenant_id" varchar(12) NOT NULL,
	"height" integer NOT NULL,
	"prev_hash" varchar(64) NOT NULL,
	"tx_root" varchar(64) NOT NULL,
	"tx_count" integer NOT NULL,
	"block_time" varchar(32) NOT NULL,
	"block_hash" varchar(64) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "izs_chain_block_tenant_id_height_pk" PRIMARY KEY("tenant_id","height")
);
--> statement-breakpoint
CREATE TABLE "izs_chain_tx" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"seq" integer NOT NULL,
	"block_height" integer NOT NULL,
	"tx_index" integer NOT NULL,
	"order_type" varchar(32) DEFAULT '' NOT NULL,
	"order_no" varchar(64) DEFAULT '' NOT NULL,
	"event" varchar(16) DEFAULT '' NOT NULL,
	"fields" text NOT NULL,
	"payload_hash" varchar(64) NOT NULL,
	"tx_time" varchar(32) NOT NULL,
	"tx_hash" varchar(64) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_open_app" (
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
	"app_key" varchar(40) NOT NULL,
	"secret_enc" text NOT NULL,
	"enabled" integer DEFAULT 1 NOT NULL,
	"ip_allow" text DEFAULT '' NOT NULL,
	"scopes" text DEFAULT '' NOT NULL,
	"rate_limit" integer DEFAULT 60 NOT NULL,
	"webhook_url" varchar(500) DEFAULT '' NOT NULL,
	"webhook_secret_enc" text DEFAULT '' NOT NULL,
	"webhook_events" text DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_open_call_log" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) DEFAULT '' NOT NULL,
	"app_id" bigint,
	"app_key" varchar(40) DEFAULT '' NOT NULL,
	"method" varchar(8) DEFAULT '' NOT NULL,
	"path" varchar(255) DEFAULT '' NOT NULL,
	"http_status" integer NOT NULL,
	"code" integer NOT NULL,
	"msg" varchar(255) DEFAULT '' NOT NULL,
	"latency_ms" integer NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_open_nonce" (
	"app_key" varchar(40) NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "izs_open_nonce_app_key_nonce_pk" PRIMARY KEY("app_key","nonce")
);
--> statement-breakpoint
CREATE TABLE "izs_open_webhook" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"app_id" bigint NOT NULL,
	"event" varchar(40) DEFAULT '' NOT NULL,
	"payload" text NOT NULL,
	"state" varchar(12) DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_status" integer,
	"last_error" varchar(500) DEFAULT '' NOT NULL,
	"last_latency_ms" integer,
	"delivered_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "izs_chain_tx_seq_uq" ON "izs_chain_tx" USING btree ("tenant_id","seq");--> statement-breakpoint
CREATE INDEX "izs_chain_tx_order_idx" ON "izs_chain_tx" USING btree ("tenant_id","order_type","order_no");--> statement-breakpoint
CREATE INDEX "izs_chain_tx_block_idx" ON "izs_chain_tx" USING btree ("tenant_id","block_height");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_open_app_key_uq" ON "izs_open_app" USING btree ("app_key");--> statement-breakpoint
CREATE INDEX "izs_open_app_page_idx" ON "izs_open_app" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "izs_open_call_log_app_idx" ON "izs_open_call_log" USING btree ("app_id","create_time");--> statement-breakpoint
CREATE INDEX "izs_open_nonce_exp_idx" ON "izs_open_nonce" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "izs_open_webhook_due_idx" ON "izs_open_webhook" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "izs_open_webhook_app_idx" ON "izs_open_webhook" USING btree ("app_id","create_time");--> statement-breakpoint
-- The trace chain is append-only: any UPDATE, DELETE or TRUNCATE of a chained row is refused.
CREATE OR REPLACE FUNCTION izs_chain_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '溯源链只能追加，不能修改或删除（%）', TG_TABLE_NAME;
END $$;--> statement-breakpoint
CREATE TRIGGER izs_chain_tx_append_only BEFORE UPDATE OR DELETE ON izs_chain_tx FOR EACH ROW EXECUTE FUNCTION izs_chain_append_only();--> statement-breakpoint
CREATE TRIGGER izs_chain_tx_no_truncate BEFORE TRUNCATE ON izs_chain_tx FOR EACH STATEMENT EXECUTE FUNCTION izs_chain_append_only();--> statement-breakpoint
CREATE TRIGGER izs_chain_block_append_only BEFORE UPDATE OR DELETE ON izs_chain_block FOR EACH ROW EXECUTE FUNCTION izs_chain_append_only();--> statement-breakpoint
CREATE TRIGGER izs_chain_block_no_truncate BEFORE TRUNCATE ON izs_chain_block FOR EACH STATEMENT EXECUTE FUNCTION izs_chain_append_only();
--> statement-breakpoint
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
--> statement-breakpoint
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
