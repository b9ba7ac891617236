CREATE TABLE "izs_fin_bill" (
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
	"bill_no" varchar(40) DEFAULT '' NOT NULL,
	"bill_kind" varchar(12) NOT NULL,
	"direction" varchar(12) NOT NULL,
	"counterparty" varchar(48) DEFAULT '' NOT NULL,
	"counterparty_name" varchar(100) DEFAULT '' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"entry_date" varchar(10) DEFAULT '' NOT NULL,
	"issue_date" varchar(10) DEFAULT '' NOT NULL,
	"due_date" varchar(10) DEFAULT '' NOT NULL,
	"acceptor" varchar(100) DEFAULT '' NOT NULL,
	"state" varchar(12) NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_fin_bill_event" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"account_set_id" bigint NOT NULL,
	"bill_id" bigint NOT NULL,
	"action" varchar(10) NOT NULL,
	"event_date" varchar(10) DEFAULT '' NOT NULL,
	"from_state" varchar(12) DEFAULT '' NOT NULL,
	"to_state" varchar(12) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"interest" numeric(18, 2) DEFAULT '0' NOT NULL,
	"counterparty" varchar(48) DEFAULT '' NOT NULL,
	"counterparty_name" varchar(100) DEFAULT '' NOT NULL,
	"voucher_id" bigint,
	"accounts" jsonb,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_fin_income_expend" (
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
	"entry_date" varchar(10) DEFAULT '' NOT NULL,
	"period" varchar(7) DEFAULT '' NOT NULL,
	"kind" varchar(8) NOT NULL,
	"cash_account" varchar(12) DEFAULT '' NOT NULL,
	"category_account" varchar(12) DEFAULT '' NOT NULL,
	"counterparty" varchar(48) DEFAULT '' NOT NULL,
	"counterparty_name" varchar(100) DEFAULT '' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"summary" varchar(200) DEFAULT '' NOT NULL,
	"attachments" integer DEFAULT 0 NOT NULL,
	"voucher_id" bigint,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "izs_fin_bill_page_idx" ON "izs_fin_bill" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_fin_bill_no_uq" ON "izs_fin_bill" USING btree ("account_set_id","direction","bill_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_fin_bill_book_idx" ON "izs_fin_bill" USING btree ("account_set_id","is_deleted","due_date");--> statement-breakpoint
CREATE INDEX "izs_fin_bill_event_bill_idx" ON "izs_fin_bill_event" USING btree ("account_set_id","bill_id","is_deleted");--> statement-breakpoint
CREATE INDEX "izs_fin_income_expend_page_idx" ON "izs_fin_income_expend" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "izs_fin_income_expend_book_idx" ON "izs_fin_income_expend" USING btree ("account_set_id","is_deleted","period");