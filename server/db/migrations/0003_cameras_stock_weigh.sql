CREATE TABLE "izs_stock_weigh_order" (
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
	"warehouse_id" bigint NOT NULL,
	"weighbridge_id" bigint,
	"material_id" bigint NOT NULL,
	"car_number" varchar(16) DEFAULT '' NOT NULL,
	"gross_kg" numeric(12, 3) DEFAULT '0' NOT NULL,
	"tare_kg" numeric(12, 3) DEFAULT '0' NOT NULL,
	"deduct_kg" numeric(12, 3) DEFAULT '0' NOT NULL,
	"net_kg" numeric(12, 3) DEFAULT '0' NOT NULL,
	"weigh_time" timestamp with time zone DEFAULT now() NOT NULL,
	"weigher" varchar(32) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "izs_camera" ADD COLUMN "account" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_camera" ADD COLUMN "password" varchar(128) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_camera" ADD COLUMN "stream_url" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "izs_stock_weigh_order_page_idx" ON "izs_stock_weigh_order" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_stock_weigh_order_no_uq" ON "izs_stock_weigh_order" USING btree ("tenant_id","order_no") WHERE is_deleted = 0;