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
