CREATE TABLE "izs_fin_account_set" (
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
	"name" varchar(64) DEFAULT '' NOT NULL,
	"accounting_system" integer NOT NULL,
	"tax_nature" varchar(1) DEFAULT '' NOT NULL,
	"enable_date" varchar(10) DEFAULT '' NOT NULL,
	"start_period" varchar(7) DEFAULT '' NOT NULL,
	"closed_through" varchar(7) DEFAULT '' NOT NULL,
	"enable_invoice" varchar(1) DEFAULT '0' NOT NULL,
	"industry_involved" integer DEFAULT 1 NOT NULL,
	"duty_paragraph" varchar(20) DEFAULT '' NOT NULL,
	"tax_address" varchar(12) DEFAULT '' NOT NULL,
	"is_default" varchar(1) DEFAULT '0' NOT NULL,
	"review_required" integer DEFAULT 1 NOT NULL,
	"allow_self_review" integer DEFAULT 0 NOT NULL,
	"posting_required" integer DEFAULT 1 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_fin_account_set_user" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"account_set_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"supervisor" integer DEFAULT 0 NOT NULL,
	"is_default" varchar(1) DEFAULT '0' NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_fin_account" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"account_set_id" bigint NOT NULL,
	"code" varchar(12) NOT NULL,
	"name" varchar(64) NOT NULL,
	"parent_code" varchar(12),
	"level" integer NOT NULL,
	"category" varchar(8) NOT NULL,
	"direction" varchar(6) NOT NULL,
	"preset" integer DEFAULT 0 NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"unit" varchar(16) DEFAULT '' NOT NULL,
	"aux_dims" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_fin_dimension" (
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
	"name" varchar(32) DEFAULT '' NOT NULL,
	"source" varchar(16) DEFAULT '' NOT NULL,
	"preset" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_fin_dimension_data" (
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
	"dimension_id" bigint NOT NULL,
	"code" varchar(32) DEFAULT '' NOT NULL,
	"name" varchar(100) DEFAULT '' NOT NULL,
	"source_id" bigint,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_fin_opening" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"account_set_id" bigint NOT NULL,
	"account_code" varchar(12) NOT NULL,
	"aux_key" varchar(200) DEFAULT '' NOT NULL,
	"aux" jsonb,
	"balance" numeric(18, 2) DEFAULT '0' NOT NULL,
	"ytd_debit" numeric(18, 2) DEFAULT '0' NOT NULL,
	"ytd_credit" numeric(18, 2) DEFAULT '0' NOT NULL,
	"ytd_pl" numeric(18, 2) DEFAULT '0' NOT NULL,
	"quantity" numeric(18, 4),
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_fin_voucher" (
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
	"period" varchar(7) DEFAULT '' NOT NULL,
	"word" varchar(4) DEFAULT '' NOT NULL,
	"no" integer NOT NULL,
	"voucher_date" varchar(10) DEFAULT '' NOT NULL,
	"attachments" integer DEFAULT 0 NOT NULL,
	"state" varchar(10) DEFAULT 'saved' NOT NULL,
	"kind" varchar(16) DEFAULT 'manual' NOT NULL,
	"debit_total" numeric(18, 2) DEFAULT '0' NOT NULL,
	"credit_total" numeric(18, 2) DEFAULT '0' NOT NULL,
	"summary" varchar(200) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"reviewer" bigint,
	"review_time" timestamp with time zone,
	"poster" bigint,
	"post_time" timestamp with time zone,
	"source_voucher_id" bigint,
	"reversed_by_id" bigint
);
--> statement-breakpoint
CREATE TABLE "izs_fin_voucher_counter" (
	"account_set_id" bigint NOT NULL,
	"period" varchar(7) NOT NULL,
	"word" varchar(4) NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "izs_fin_voucher_counter_account_set_id_period_word_pk" PRIMARY KEY("account_set_id","period","word")
);
--> statement-breakpoint
CREATE TABLE "izs_fin_voucher_line" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"account_set_id" bigint NOT NULL,
	"voucher_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"period" varchar(7) NOT NULL,
	"summary" varchar(200) DEFAULT '' NOT NULL,
	"account_code" varchar(12) NOT NULL,
	"aux" jsonb,
	"aux_key" varchar(200) DEFAULT '' NOT NULL,
	"debit" numeric(18, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(18, 2) DEFAULT '0' NOT NULL,
	"quantity" numeric(18, 4),
	"unit_price" numeric(18, 6),
	"carry_forward" integer DEFAULT 0 NOT NULL,
	"posted" integer DEFAULT 0 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_fin_voucher_word" (
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
	"word" varchar(4) DEFAULT '' NOT NULL,
	"name" varchar(32) DEFAULT '' NOT NULL,
	"restriction" varchar(16) DEFAULT 'none' NOT NULL,
	"codes" varchar(255) DEFAULT '' NOT NULL,
	"is_default" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "izs_fin_account_set_page_idx" ON "izs_fin_account_set" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_fin_account_set_name_uq" ON "izs_fin_account_set" USING btree ("tenant_id","dept_id","name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "izs_fin_account_set_user_uq" ON "izs_fin_account_set_user" USING btree ("account_set_id","user_id");--> statement-breakpoint
CREATE INDEX "izs_fin_account_set_user_user_idx" ON "izs_fin_account_set_user" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_fin_account_code_uq" ON "izs_fin_account" USING btree ("account_set_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_fin_account_book_idx" ON "izs_fin_account" USING btree ("account_set_id");--> statement-breakpoint
CREATE INDEX "izs_fin_dimension_page_idx" ON "izs_fin_dimension" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_fin_dimension_name_uq" ON "izs_fin_dimension" USING btree ("account_set_id","name") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_fin_dimension_data_page_idx" ON "izs_fin_dimension_data" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_fin_dimension_data_code_uq" ON "izs_fin_dimension_data" USING btree ("dimension_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_fin_dimension_data_dim_idx" ON "izs_fin_dimension_data" USING btree ("account_set_id","dimension_id");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_fin_opening_uq" ON "izs_fin_opening" USING btree ("account_set_id","account_code","aux_key");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_fin_voucher_no_uq" ON "izs_fin_voucher" USING btree ("account_set_id","period","word","no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_fin_voucher_book_idx" ON "izs_fin_voucher" USING btree ("account_set_id","is_deleted","period");--> statement-breakpoint
CREATE INDEX "izs_fin_voucher_line_sum_idx" ON "izs_fin_voucher_line" USING btree ("account_set_id","is_deleted","period","account_code");--> statement-breakpoint
CREATE INDEX "izs_fin_voucher_line_voucher_idx" ON "izs_fin_voucher_line" USING btree ("voucher_id");--> statement-breakpoint
CREATE INDEX "izs_fin_voucher_word_page_idx" ON "izs_fin_voucher_word" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_fin_voucher_word_uq" ON "izs_fin_voucher_word" USING btree ("account_set_id","word") WHERE is_deleted = 0;