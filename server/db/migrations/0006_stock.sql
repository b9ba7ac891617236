CREATE TABLE "izs_drop_evidence" (
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
	"drop_id" bigint NOT NULL,
	"evidence_type" varchar(16) DEFAULT '' NOT NULL,
	"title" varchar(100) DEFAULT '' NOT NULL,
	"files" text DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_drop_shipping" (
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
	"order_date" varchar(10) DEFAULT '' NOT NULL,
	"supplier_id" bigint NOT NULL,
	"customer_id" bigint NOT NULL,
	"material_id" bigint NOT NULL,
	"car_number" varchar(16) DEFAULT '' NOT NULL,
	"price_unit" varchar(32) DEFAULT '' NOT NULL,
	"purchase_qty" numeric(14, 3) NOT NULL,
	"purchase_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"purchase_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"sale_qty" numeric(14, 3) NOT NULL,
	"sale_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"sale_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"gross_profit" numeric(16, 2) DEFAULT '0' NOT NULL,
	"source_weighing_id" bigint,
	"evidence_files" text DEFAULT '' NOT NULL,
	"state" varchar(16) DEFAULT '' NOT NULL,
	"submit_user" bigint,
	"submit_time" timestamp with time zone,
	"reviewer" bigint,
	"review_time" timestamp with time zone,
	"review_remark" varchar(255) DEFAULT '' NOT NULL,
	"void_user" bigint,
	"void_time" timestamp with time zone,
	"void_reason" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_order_sequence" (
	"tenant_id" varchar(12) NOT NULL,
	"kind" varchar(24) NOT NULL,
	"day" varchar(8) NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "izs_order_sequence_tenant_id_kind_day_pk" PRIMARY KEY("tenant_id","kind","day")
);
--> statement-breakpoint
CREATE TABLE "izs_price_list" (
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
	"price_type" varchar(8) DEFAULT '' NOT NULL,
	"material_id" bigint NOT NULL,
	"party_id" bigint,
	"price" numeric(14, 2) NOT NULL,
	"price_unit" varchar(32) DEFAULT '' NOT NULL,
	"valid_from" varchar(10) DEFAULT '' NOT NULL,
	"valid_to" varchar(10) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_stock" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"dept_id" bigint,
	"warehouse_id" bigint NOT NULL,
	"material_id" bigint NOT NULL,
	"qty" numeric(14, 3) DEFAULT '0' NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_stock_movement" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"dept_id" bigint,
	"stock_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"material_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" varchar(32) DEFAULT '' NOT NULL,
	"doc_type" varchar(24) DEFAULT '' NOT NULL,
	"line_id" bigint,
	"kind" varchar(8) DEFAULT '' NOT NULL,
	"is_void" integer DEFAULT 0 NOT NULL,
	"qty_in" numeric(14, 3) DEFAULT '0' NOT NULL,
	"qty_out" numeric(14, 3) DEFAULT '0' NOT NULL,
	"amount_in" numeric(16, 2) DEFAULT '0' NOT NULL,
	"amount_out" numeric(16, 2) DEFAULT '0' NOT NULL,
	"unit_cost" numeric(18, 6) DEFAULT '0' NOT NULL,
	"variance" numeric(16, 2) DEFAULT '0' NOT NULL,
	"balance_qty" numeric(14, 3) NOT NULL,
	"balance_amount" numeric(16, 2) NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_stock_order" (
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
	"doc_type" varchar(24) DEFAULT '' NOT NULL,
	"biz_type" varchar(16) DEFAULT '' NOT NULL,
	"party_id" bigint,
	"warehouse_id" bigint,
	"order_date" varchar(10) DEFAULT '' NOT NULL,
	"car_number" varchar(16) DEFAULT '' NOT NULL,
	"source_weighing_id" bigint,
	"source_order_id" bigint,
	"source_doc_id" bigint,
	"alloc_method" varchar(8) DEFAULT '' NOT NULL,
	"total_qty" numeric(14, 3) DEFAULT '0' NOT NULL,
	"total_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total_cost" numeric(16, 2),
	"state" varchar(16) DEFAULT '' NOT NULL,
	"submit_user" bigint,
	"submit_time" timestamp with time zone,
	"reviewer" bigint,
	"review_time" timestamp with time zone,
	"review_remark" varchar(255) DEFAULT '' NOT NULL,
	"void_user" bigint,
	"void_time" timestamp with time zone,
	"void_reason" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_stock_order_line" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"order_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"direction" varchar(4) DEFAULT '' NOT NULL,
	"material_id" bigint NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"qty" numeric(14, 3) NOT NULL,
	"unit_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"cost_amount" numeric(16, 2),
	"ratio" numeric(12, 4),
	"source_line_id" bigint,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_trade_order" (
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
	"kind" varchar(16) DEFAULT '' NOT NULL,
	"party_id" bigint NOT NULL,
	"contract_no" varchar(64) DEFAULT '' NOT NULL,
	"order_date" varchar(10) DEFAULT '' NOT NULL,
	"delivery_date" varchar(10) DEFAULT '' NOT NULL,
	"total_qty" numeric(14, 3) DEFAULT '0' NOT NULL,
	"total_amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"state" varchar(16) DEFAULT '' NOT NULL,
	"submit_user" bigint,
	"submit_time" timestamp with time zone,
	"reviewer" bigint,
	"review_time" timestamp with time zone,
	"review_remark" varchar(255) DEFAULT '' NOT NULL,
	"void_user" bigint,
	"void_time" timestamp with time zone,
	"void_reason" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_trade_order_line" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"order_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"material_id" bigint NOT NULL,
	"qty" numeric(14, 3) NOT NULL,
	"unit_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_weighing_order" (
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
	"order_type" varchar(16) DEFAULT '' NOT NULL,
	"weigh_state" varchar(16) DEFAULT '' NOT NULL,
	"car_number" varchar(16) DEFAULT '' NOT NULL,
	"driver_name" varchar(32) DEFAULT '' NOT NULL,
	"party_id" bigint,
	"material_id" bigint,
	"warehouse_id" bigint,
	"weighbridge_id" bigint,
	"source_order_id" bigint,
	"price_unit" varchar(32) DEFAULT '' NOT NULL,
	"first_weight" numeric(14, 3) NOT NULL,
	"first_time" timestamp with time zone DEFAULT now() NOT NULL,
	"first_photos" text DEFAULT '' NOT NULL,
	"first_manual" integer DEFAULT 0 NOT NULL,
	"first_operator" bigint,
	"second_weight" numeric(14, 3),
	"second_time" timestamp with time zone,
	"second_photos" text DEFAULT '' NOT NULL,
	"second_manual" integer DEFAULT 0 NOT NULL,
	"second_operator" bigint,
	"gross_weight" numeric(14, 3),
	"tare_weight" numeric(14, 3),
	"deduct_weight" numeric(14, 3) DEFAULT '0' NOT NULL,
	"impurity_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"deduction_weight" numeric(14, 3),
	"net_weight" numeric(14, 3),
	"unit_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(16, 2),
	"complete_time" timestamp with time zone,
	"complete_user" bigint,
	"stock_order_id" bigint,
	"stock_order_no" varchar(32) DEFAULT '' NOT NULL,
	"print_count" integer DEFAULT 0 NOT NULL,
	"last_print_time" timestamp with time zone,
	"void_reason" varchar(255) DEFAULT '' NOT NULL,
	"void_time" timestamp with time zone,
	"void_user" bigint,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "izs_drop_evidence_page_idx" ON "izs_drop_evidence" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "izs_drop_evidence_drop_idx" ON "izs_drop_evidence" USING btree ("drop_id");--> statement-breakpoint
CREATE INDEX "izs_drop_shipping_page_idx" ON "izs_drop_shipping" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_drop_shipping_no_uq" ON "izs_drop_shipping" USING btree ("tenant_id","order_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_price_list_page_idx" ON "izs_price_list" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "izs_price_list_lookup_idx" ON "izs_price_list" USING btree ("tenant_id","price_type","material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_stock_uq" ON "izs_stock" USING btree ("tenant_id","warehouse_id","material_id");--> statement-breakpoint
CREATE INDEX "izs_stock_movement_stock_idx" ON "izs_stock_movement" USING btree ("stock_id","create_time");--> statement-breakpoint
CREATE INDEX "izs_stock_movement_time_idx" ON "izs_stock_movement" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "izs_stock_movement_order_idx" ON "izs_stock_movement" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "izs_stock_order_page_idx" ON "izs_stock_order" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_stock_order_no_uq" ON "izs_stock_order" USING btree ("tenant_id","order_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_stock_order_type_idx" ON "izs_stock_order" USING btree ("tenant_id","doc_type","state");--> statement-breakpoint
CREATE INDEX "izs_stock_order_weighing_idx" ON "izs_stock_order" USING btree ("source_weighing_id");--> statement-breakpoint
CREATE INDEX "izs_stock_order_line_order_idx" ON "izs_stock_order_line" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "izs_trade_order_page_idx" ON "izs_trade_order" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_trade_order_no_uq" ON "izs_trade_order" USING btree ("tenant_id","order_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_trade_order_line_order_idx" ON "izs_trade_order_line" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "izs_weighing_order_page_idx" ON "izs_weighing_order" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_weighing_order_no_uq" ON "izs_weighing_order" USING btree ("tenant_id","order_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_weighing_order_car_idx" ON "izs_weighing_order" USING btree ("tenant_id","car_number");--> statement-breakpoint
CREATE INDEX "izs_weighing_order_first_time_idx" ON "izs_weighing_order" USING btree ("tenant_id","first_time");