CREATE TABLE "izs_fin_unit" (
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
	"name" varchar(16) DEFAULT '' NOT NULL,
	"precision" integer DEFAULT 4 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "izs_fin_unit_page_idx" ON "izs_fin_unit" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_fin_unit_name_uq" ON "izs_fin_unit" USING btree ("account_set_id","name") WHERE is_deleted = 0;