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
CREATE UNIQUE INDEX "izs_chain_token_uq" ON "izs_chain_token" USING btree ("token");--> statement-breakpoint
CREATE INDEX "izs_rate_limit_exp_idx" ON "izs_rate_limit" USING btree ("expires_ms");