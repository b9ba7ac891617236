CREATE TABLE "blade_dict" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(255) NOT NULL,
	"dict_key" varchar(255) NOT NULL,
	"dict_value" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"is_sealed" integer DEFAULT 0 NOT NULL,
	"tenant_id" varchar(12) DEFAULT '000000' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_dict_biz" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(255) NOT NULL,
	"dict_key" varchar(255) NOT NULL,
	"dict_value" varchar(255) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"is_sealed" integer DEFAULT 0 NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_android_version" (
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
	"version" varchar(30) DEFAULT '' NOT NULL,
	"version_code" integer DEFAULT 1 NOT NULL,
	"url" varchar(500) DEFAULT '' NOT NULL,
	"force_update" integer DEFAULT 0 NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_bank" (
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
	"bank_name" varchar(100) DEFAULT '' NOT NULL,
	"account_name" varchar(100) DEFAULT '' NOT NULL,
	"bank_account" varchar(40) DEFAULT '' NOT NULL,
	"bank_code" varchar(20) DEFAULT '' NOT NULL,
	"is_default" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_business_config" (
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
	"allow_negative_stock" integer DEFAULT 0 NOT NULL,
	"weigh_stable_seconds" integer DEFAULT 3 NOT NULL,
	"manual_weigh_allowed" integer DEFAULT 0 NOT NULL,
	"default_warehouse_id" bigint,
	"price_precision" integer DEFAULT 2 NOT NULL,
	"weight_precision" integer DEFAULT 3 NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT '13' NOT NULL,
	"auto_review" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_camera" (
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
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"port" integer DEFAULT 80 NOT NULL,
	"channel" integer DEFAULT 1 NOT NULL,
	"weighbridge_id" bigint,
	"position" varchar(16) DEFAULT '' NOT NULL,
	"brand" varchar(32) DEFAULT '' NOT NULL,
	"snapshot_url" varchar(500) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_finance_config" (
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
	"accounting_system" integer DEFAULT 1 NOT NULL,
	"tax_nature" varchar(2) DEFAULT '' NOT NULL,
	"vat_rate" numeric(5, 2) DEFAULT '13' NOT NULL,
	"income_tax_rate" numeric(5, 2) DEFAULT '25' NOT NULL,
	"auto_voucher" integer DEFAULT 0 NOT NULL,
	"amount_precision" integer DEFAULT 2 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_financial_expenses" (
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
	"name" varchar(64) DEFAULT '' NOT NULL,
	"category" varchar(16) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_material" (
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
	"name" varchar(64) DEFAULT '' NOT NULL,
	"category_id" bigint,
	"spec" varchar(64) DEFAULT '' NOT NULL,
	"unit" varchar(16) DEFAULT '' NOT NULL,
	"price_unit" varchar(32) DEFAULT '' NOT NULL,
	"default_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"deduct_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"gb_code" varchar(20) DEFAULT '' NOT NULL,
	"is_hazardous" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_material_category" (
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
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(32) DEFAULT '' NOT NULL,
	"name" varchar(64) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_material_quotes_order" (
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
	"material_id" bigint,
	"quote_type" varchar(16) DEFAULT '' NOT NULL,
	"price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"price_unit" varchar(32) DEFAULT '' NOT NULL,
	"effective_start" varchar(10) DEFAULT '' NOT NULL,
	"effective_end" varchar(10) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_modify_log" (
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
	"title" varchar(255) DEFAULT '' NOT NULL,
	"order_type" varchar(32) DEFAULT '' NOT NULL,
	"order_no" varchar(64) DEFAULT '' NOT NULL,
	"service_id" varchar(50) DEFAULT '' NOT NULL,
	"request_uri" varchar(500) DEFAULT '' NOT NULL,
	"method" varchar(10) DEFAULT '' NOT NULL,
	"params" text DEFAULT '' NOT NULL,
	"modify_params" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_org_manage" (
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
	"credit_code" varchar(18) DEFAULT '' NOT NULL,
	"legal_person" varchar(32) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"region_code" varchar(12) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"license_image" varchar(500) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_page_config" (
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
	"page_code" varchar(100) DEFAULT '' NOT NULL,
	"page_name" varchar(100) DEFAULT '' NOT NULL,
	"config" text DEFAULT '{}' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_print_config" (
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
	"warehouse_id" bigint NOT NULL,
	"print_type" integer DEFAULT 1 NOT NULL,
	"print_device" varchar(100) DEFAULT '' NOT NULL,
	"print_device2" varchar(100) DEFAULT '' NOT NULL,
	"print_device3" varchar(100) DEFAULT '' NOT NULL,
	"paper" varchar(16) DEFAULT '' NOT NULL,
	"margin_top" numeric(5, 1) DEFAULT '0' NOT NULL,
	"margin_bottom" numeric(5, 1) DEFAULT '0' NOT NULL,
	"margin_left" numeric(5, 1) DEFAULT '0' NOT NULL,
	"margin_right" numeric(5, 1) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_related_party" (
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
	"type" varchar(16) DEFAULT '' NOT NULL,
	"contact" varchar(32) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"taxpayer_id" varchar(20) DEFAULT '' NOT NULL,
	"region_code" varchar(12) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"bank_name" varchar(100) DEFAULT '' NOT NULL,
	"bank_account" varchar(40) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_salesman" (
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
	"name" varchar(32) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_staff" (
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
	"job_number" varchar(32) DEFAULT '' NOT NULL,
	"name" varchar(32) DEFAULT '' NOT NULL,
	"sex" integer DEFAULT 1 NOT NULL,
	"post_id" bigint,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"id_number" varchar(18) DEFAULT '' NOT NULL,
	"entry_date" varchar(10) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_warehouse" (
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
	"name" varchar(64) DEFAULT '' NOT NULL,
	"type" varchar(16) DEFAULT '' NOT NULL,
	"region_code" varchar(12) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"manager_name" varchar(32) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"capacity_t" numeric(14, 3) DEFAULT '0' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_warehouse_environment" (
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
	"warehouse_id" bigint NOT NULL,
	"record_time" timestamp with time zone DEFAULT now() NOT NULL,
	"temperature" numeric(5, 1),
	"humidity" numeric(5, 1),
	"fire_check" integer DEFAULT 1 NOT NULL,
	"inspector" varchar(32) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_weighbridge" (
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
	"name" varchar(64) DEFAULT '' NOT NULL,
	"warehouse_id" bigint,
	"max_capacity_kg" numeric(12, 3) DEFAULT '0' NOT NULL,
	"division_kg" numeric(10, 3) DEFAULT '0' NOT NULL,
	"conn_type" varchar(16) DEFAULT '' NOT NULL,
	"serial_port" varchar(32) DEFAULT '' NOT NULL,
	"baud_rate" integer DEFAULT 9600 NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"port" integer DEFAULT 0 NOT NULL,
	"indicator_model" varchar(64) DEFAULT '' NOT NULL,
	"stable_seconds" integer DEFAULT 3 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "blade_dict_code_key_uq" ON "blade_dict" USING btree ("code","dict_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_dict_parent_idx" ON "blade_dict" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_dict_biz_code_key_uq" ON "blade_dict_biz" USING btree ("tenant_id","code","dict_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_dict_biz_parent_idx" ON "blade_dict_biz" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "izs_android_version_page_idx" ON "izs_android_version" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_android_version_uq" ON "izs_android_version" USING btree ("tenant_id","version") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_bank_page_idx" ON "izs_bank" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_bank_account_uq" ON "izs_bank" USING btree ("tenant_id","bank_account") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "izs_business_config_dept_uq" ON "izs_business_config" USING btree ("tenant_id","dept_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_camera_page_idx" ON "izs_camera" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_finance_config_dept_uq" ON "izs_finance_config" USING btree ("tenant_id","dept_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_financial_expenses_page_idx" ON "izs_financial_expenses" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_financial_expenses_code_uq" ON "izs_financial_expenses" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_material_page_idx" ON "izs_material" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_material_code_uq" ON "izs_material" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_material_category_page_idx" ON "izs_material_category" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "izs_material_quotes_order_page_idx" ON "izs_material_quotes_order" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_material_quotes_order_code_uq" ON "izs_material_quotes_order" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_modify_log_page_idx" ON "izs_modify_log" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "izs_org_manage_page_idx" ON "izs_org_manage" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_org_manage_credit_uq" ON "izs_org_manage" USING btree ("tenant_id","credit_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_page_config_page_idx" ON "izs_page_config" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_page_config_code_uq" ON "izs_page_config" USING btree ("tenant_id","page_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "izs_print_config_wh_uq" ON "izs_print_config" USING btree ("tenant_id","warehouse_id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_related_party_page_idx" ON "izs_related_party" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_related_party_code_uq" ON "izs_related_party" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_salesman_page_idx" ON "izs_salesman" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_salesman_code_uq" ON "izs_salesman" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_staff_page_idx" ON "izs_staff" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_staff_job_uq" ON "izs_staff" USING btree ("tenant_id","job_number") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_warehouse_page_idx" ON "izs_warehouse" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_warehouse_code_uq" ON "izs_warehouse" USING btree ("tenant_id","code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_warehouse_environment_page_idx" ON "izs_warehouse_environment" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "izs_weighbridge_page_idx" ON "izs_weighbridge" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_weighbridge_code_uq" ON "izs_weighbridge" USING btree ("tenant_id","code") WHERE is_deleted = 0;