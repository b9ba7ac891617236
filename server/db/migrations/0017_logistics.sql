CREATE TABLE "lg_alarm" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"dept_id" bigint,
	"car_id" bigint NOT NULL,
	"type" varchar(16) NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"lon" double precision,
	"lat" double precision,
	"speed" real,
	"detail" varchar(255) DEFAULT '' NOT NULL,
	"fence_id" bigint,
	"handle_state" integer DEFAULT 0 NOT NULL,
	"ack_user" bigint,
	"ack_time" timestamp with time zone,
	"handle_user" bigint,
	"handle_time" timestamp with time zone,
	"handle_note" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lg_car" (
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
	"plate" varchar(16) DEFAULT '' NOT NULL,
	"car_type" varchar(16) DEFAULT '' NOT NULL,
	"axles" integer DEFAULT 2 NOT NULL,
	"load_t" numeric(10, 3) DEFAULT '0' NOT NULL,
	"group_id" bigint,
	"driver_id" bigint,
	"transport_cert_no" varchar(32) DEFAULT '' NOT NULL,
	"transport_cert_expiry" varchar(10),
	"insurance_expiry" varchar(10),
	"gps_device_id" varchar(20) DEFAULT '' NOT NULL,
	"device_token" varchar(64) DEFAULT '' NOT NULL,
	"speed_limit_kmh" integer DEFAULT 80 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lg_car_group" (
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
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lg_driver" (
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
	"name" varchar(32) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"id_card" varchar(18) DEFAULT '' NOT NULL,
	"licence_class" varchar(8) DEFAULT '' NOT NULL,
	"licence_expiry" varchar(10),
	"carrier_name" varchar(100) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lg_ingest_reject" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"source" varchar(8) NOT NULL,
	"terminal" varchar(24) DEFAULT '' NOT NULL,
	"reason" varchar(64) DEFAULT '' NOT NULL,
	"raw" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lg_order" (
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
	"state" varchar(16) DEFAULT '' NOT NULL,
	"source" varchar(16) DEFAULT '' NOT NULL,
	"source_no" varchar(32) DEFAULT '' NOT NULL,
	"origin_site_id" bigint,
	"dest_site_id" bigint,
	"material_name" varchar(64) DEFAULT '' NOT NULL,
	"planned_weight_t" numeric(12, 3),
	"delivered_weight_t" numeric(12, 3),
	"car_id" bigint,
	"driver_id" bigint,
	"carrier_id" bigint,
	"carrier_name" varchar(100) DEFAULT '' NOT NULL,
	"freight_mode" varchar(8) DEFAULT '' NOT NULL,
	"freight_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"distance_km" numeric(10, 1),
	"route" text DEFAULT '' NOT NULL,
	"freight_amount" numeric(14, 2),
	"payable_ref" varchar(32) DEFAULT '' NOT NULL,
	"plan_time" timestamp with time zone,
	"dispatch_time" timestamp with time zone,
	"start_time" timestamp with time zone,
	"deliver_time" timestamp with time zone,
	"sign_time" timestamp with time zone,
	"cancel_time" timestamp with time zone,
	"cancel_reason" varchar(255) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lg_port" (
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
	"code" varchar(16) DEFAULT '' NOT NULL,
	"name" varchar(64) DEFAULT '' NOT NULL,
	"lon" double precision,
	"lat" double precision,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lg_position" (
	"car_id" bigint NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"lon" double precision NOT NULL,
	"lat" double precision NOT NULL,
	"crs" varchar(8) DEFAULT 'wgs84' NOT NULL,
	"speed" real DEFAULT 0 NOT NULL,
	"direction" integer DEFAULT 0 NOT NULL,
	"altitude" integer DEFAULT 0 NOT NULL,
	"alarm_bits" bigint DEFAULT 0 NOT NULL,
	"mileage_km" real,
	"source" varchar(8) DEFAULT 'jt808' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lg_position_car_id_time_pk" PRIMARY KEY("car_id","time")
);
--> statement-breakpoint
CREATE TABLE "lg_ship" (
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
	"mmsi" varchar(9) DEFAULT '' NOT NULL,
	"deadweight_t" numeric(12, 3) DEFAULT '0' NOT NULL,
	"owner" varchar(100) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lg_site" (
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
	"contact" varchar(32) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"lon" double precision,
	"lat" double precision,
	"fence" text DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lg_voyage" (
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
	"voyage_no" varchar(32) DEFAULT '' NOT NULL,
	"ship_id" bigint,
	"from_port_id" bigint,
	"to_port_id" bigint,
	"material_name" varchar(64) DEFAULT '' NOT NULL,
	"load_t" numeric(12, 3) DEFAULT '0' NOT NULL,
	"depart_date" varchar(10),
	"arrive_date" varchar(10),
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "lg_alarm_tenant_time_idx" ON "lg_alarm" USING btree ("tenant_id","time");--> statement-breakpoint
CREATE INDEX "lg_alarm_car_idx" ON "lg_alarm" USING btree ("car_id","time");--> statement-breakpoint
CREATE INDEX "lg_car_page_idx" ON "lg_car" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "lg_car_plate_uq" ON "lg_car" USING btree ("tenant_id","plate") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "lg_car_device_uq" ON "lg_car" USING btree ("gps_device_id") WHERE is_deleted = 0 and gps_device_id <> '';--> statement-breakpoint
CREATE INDEX "lg_car_group_page_idx" ON "lg_car_group" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "lg_driver_page_idx" ON "lg_driver" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "lg_ingest_reject_time_idx" ON "lg_ingest_reject" USING btree ("time");--> statement-breakpoint
CREATE INDEX "lg_order_page_idx" ON "lg_order" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "lg_order_no_uq" ON "lg_order" USING btree ("tenant_id","order_no");--> statement-breakpoint
CREATE INDEX "lg_order_car_idx" ON "lg_order" USING btree ("car_id","state");--> statement-breakpoint
CREATE INDEX "lg_port_page_idx" ON "lg_port" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "lg_ship_page_idx" ON "lg_ship" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "lg_ship_mmsi_uq" ON "lg_ship" USING btree ("tenant_id","mmsi") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "lg_site_page_idx" ON "lg_site" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "lg_voyage_page_idx" ON "lg_voyage" USING btree ("tenant_id","is_deleted","create_time");