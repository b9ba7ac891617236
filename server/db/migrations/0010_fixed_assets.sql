CREATE TABLE "izs_fin_asset" (
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
	"code" varchar(32) DEFAULT '' NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"type_id" bigint NOT NULL,
	"use_dept" varchar(64) DEFAULT '' NOT NULL,
	"spec" varchar(100) DEFAULT '' NOT NULL,
	"in_service_date" varchar(10) DEFAULT '' NOT NULL,
	"cost" numeric(18, 2) NOT NULL,
	"residual_rate" numeric(9, 6) DEFAULT '0.05' NOT NULL,
	"life_months" integer NOT NULL,
	"method" varchar(16) DEFAULT 'straightLine' NOT NULL,
	"total_workload" numeric(18, 4),
	"workload_unit" varchar(16) DEFAULT '' NOT NULL,
	"asset_account" varchar(12) DEFAULT '' NOT NULL,
	"accum_account" varchar(12) DEFAULT '' NOT NULL,
	"expense_account" varchar(12) DEFAULT '' NOT NULL,
	"opening_accumulated" numeric(18, 2) DEFAULT '0' NOT NULL,
	"reestimated" integer DEFAULT 0 NOT NULL,
	"state" varchar(10) DEFAULT 'normal' NOT NULL,
	"disposal_date" varchar(10) DEFAULT '' NOT NULL,
	"disposal_period" varchar(7) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_fin_asset_change" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"account_set_id" bigint NOT NULL,
	"asset_id" bigint NOT NULL,
	"kind" varchar(10) NOT NULL,
	"change_date" varchar(10) DEFAULT '' NOT NULL,
	"period" varchar(7) DEFAULT '' NOT NULL,
	"cost_delta" numeric(18, 2) DEFAULT '0' NOT NULL,
	"accum_delta" numeric(18, 2) DEFAULT '0' NOT NULL,
	"changes" jsonb,
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_fin_asset_type" (
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
	"code" varchar(16) DEFAULT '' NOT NULL,
	"name" varchar(64) DEFAULT '' NOT NULL,
	"tax_category" varchar(64) DEFAULT '' NOT NULL,
	"life_months" integer NOT NULL,
	"min_life_months" integer DEFAULT 0 NOT NULL,
	"method" varchar(16) DEFAULT 'straightLine' NOT NULL,
	"residual_rate" numeric(9, 6) DEFAULT '0.05' NOT NULL,
	"asset_account" varchar(12) DEFAULT '' NOT NULL,
	"accum_account" varchar(12) DEFAULT '' NOT NULL,
	"expense_account" varchar(12) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_fin_depr_line" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"account_set_id" bigint NOT NULL,
	"run_id" bigint NOT NULL,
	"asset_id" bigint NOT NULL,
	"period" varchar(7) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"workload" numeric(18, 4),
	"accum_account" varchar(12) DEFAULT '' NOT NULL,
	"expense_account" varchar(12) DEFAULT '' NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_fin_depr_run" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"account_set_id" bigint NOT NULL,
	"period" varchar(7) DEFAULT '' NOT NULL,
	"voucher_id" bigint,
	"total" numeric(18, 2) DEFAULT '0' NOT NULL,
	"asset_count" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "izs_fin_asset_page_idx" ON "izs_fin_asset" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_fin_asset_code_uq" ON "izs_fin_asset" USING btree ("account_set_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_fin_asset_book_idx" ON "izs_fin_asset" USING btree ("account_set_id","is_deleted");--> statement-breakpoint
CREATE INDEX "izs_fin_asset_change_asset_idx" ON "izs_fin_asset_change" USING btree ("account_set_id","asset_id");--> statement-breakpoint
CREATE INDEX "izs_fin_asset_type_page_idx" ON "izs_fin_asset_type" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_fin_asset_type_code_uq" ON "izs_fin_asset_type" USING btree ("account_set_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_fin_depr_line_asset_idx" ON "izs_fin_depr_line" USING btree ("account_set_id","asset_id","is_deleted");--> statement-breakpoint
CREATE INDEX "izs_fin_depr_line_run_idx" ON "izs_fin_depr_line" USING btree ("run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_fin_depr_run_uq" ON "izs_fin_depr_run" USING btree ("account_set_id","period") WHERE is_deleted = 0;