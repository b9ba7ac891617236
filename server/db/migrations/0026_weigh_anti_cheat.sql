CREATE TABLE "izs_vehicle_tare" (
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
	"car_id" bigint NOT NULL,
	"kind" varchar(12) DEFAULT '' NOT NULL,
	"label" varchar(32) DEFAULT '' NOT NULL,
	"tare_kg" numeric(14, 3) NOT NULL,
	"valid_until" varchar(10),
	"remark" varchar(255) DEFAULT '' NOT NULL,
	CONSTRAINT "izs_vehicle_tare_kind_ck" CHECK ("izs_vehicle_tare"."kind" in ('vehicle', 'trailer', 'container')),
	CONSTRAINT "izs_vehicle_tare_label_ck" CHECK (("izs_vehicle_tare"."kind" = 'vehicle') = ("izs_vehicle_tare"."label" = '')),
	CONSTRAINT "izs_vehicle_tare_kg_ck" CHECK ("izs_vehicle_tare"."tare_kg" > 0),
	CONSTRAINT "izs_vehicle_tare_valid_ck" CHECK ("izs_vehicle_tare"."valid_until" is null or "izs_vehicle_tare"."valid_until" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "izs_weigh_exception" (
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
	"weighing_id" bigint NOT NULL,
	"weighbridge_id" bigint,
	"pass" varchar(8) DEFAULT '' NOT NULL,
	"kind" varchar(24) DEFAULT '' NOT NULL,
	"detail" varchar(255) DEFAULT '' NOT NULL,
	"car_number" varchar(16) DEFAULT '' NOT NULL,
	"plate_read" varchar(16) DEFAULT '' NOT NULL,
	"weight" numeric(14, 3) NOT NULL,
	"reference" numeric(14, 3),
	"photos" text DEFAULT '[]' NOT NULL,
	"readings" text DEFAULT '[]' NOT NULL,
	"state" varchar(12) DEFAULT '' NOT NULL,
	"resolve_user" bigint,
	"resolve_time" timestamp with time zone,
	"resolve_note" varchar(255) DEFAULT '' NOT NULL,
	CONSTRAINT "izs_weigh_exception_pass_ck" CHECK ("izs_weigh_exception"."pass" in ('first', 'second')),
	CONSTRAINT "izs_weigh_exception_kind_ck" CHECK ("izs_weigh_exception"."kind" in ('tare_deviation', 'over_max_gross', 'quick_reweigh', 'plate_mismatch', 'stable_step', 'photos_missing', 'manual_entry')),
	CONSTRAINT "izs_weigh_exception_state_ck" CHECK ("izs_weigh_exception"."state" in ('open', 'released', 'voided')),
	CONSTRAINT "izs_weigh_exception_weight_ck" CHECK ("izs_weigh_exception"."weight" >= 0),
	CONSTRAINT "izs_weigh_exception_resolved_ck" CHECK (("izs_weigh_exception"."state" = 'open') = ("izs_weigh_exception"."resolve_time" is null) and ("izs_weigh_exception"."state" = 'open' or ("izs_weigh_exception"."resolve_user" is not null and "izs_weigh_exception"."resolve_note" <> '')))
);
--> statement-breakpoint
CREATE TABLE "izs_weighing_step" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"weighing_id" bigint NOT NULL,
	"pass" varchar(8) DEFAULT '' NOT NULL,
	"step" varchar(16) DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "izs_weighing_step_pass_ck" CHECK ("izs_weighing_step"."pass" in ('first', 'second')),
	CONSTRAINT "izs_weighing_step_step_ck" CHECK ("izs_weighing_step"."step" in ('arrived', 'identified', 'on_deck', 'stable', 'captured', 'flagged', 'released', 'printed', 'barrier_open', 'left'))
);
--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ADD COLUMN "min_weight_kg" numeric(12, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ADD COLUMN "position_sensors" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ADD COLUMN "tare_tolerance_pct" numeric(5, 2) DEFAULT '10' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ADD COLUMN "reweigh_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ADD COLUMN "step_divisions" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ADD COLUMN "check_plate" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ADD COLUMN "check_photos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ADD COLUMN "check_max_gross" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "lg_car" ADD COLUMN "max_gross_kg" numeric(12, 3) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_weighing_order" ADD COLUMN "trailer_no" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ADD CONSTRAINT "izs_weighbridge_tenant_id_uq" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "lg_car" ADD CONSTRAINT "lg_car_tenant_id_uq" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "izs_weighing_order" ADD CONSTRAINT "izs_weighing_order_tenant_id_uq" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "izs_vehicle_tare" ADD CONSTRAINT "izs_vehicle_tare_car_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."lg_car"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "izs_weigh_exception" ADD CONSTRAINT "izs_weigh_exception_weighing_fk" FOREIGN KEY ("tenant_id","weighing_id") REFERENCES "public"."izs_weighing_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "izs_weigh_exception" ADD CONSTRAINT "izs_weigh_exception_weighbridge_fk" FOREIGN KEY ("tenant_id","weighbridge_id") REFERENCES "public"."izs_weighbridge"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "izs_weighing_step" ADD CONSTRAINT "izs_weighing_step_weighing_fk" FOREIGN KEY ("tenant_id","weighing_id") REFERENCES "public"."izs_weighing_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "izs_vehicle_tare_page_idx" ON "izs_vehicle_tare" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_vehicle_tare_uq" ON "izs_vehicle_tare" USING btree ("tenant_id","car_id","kind","label") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_weigh_exception_page_idx" ON "izs_weigh_exception" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE INDEX "izs_weigh_exception_weighing_idx" ON "izs_weigh_exception" USING btree ("tenant_id","weighing_id");--> statement-breakpoint
CREATE INDEX "izs_weigh_exception_open_idx" ON "izs_weigh_exception" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE INDEX "izs_weighing_step_weighing_idx" ON "izs_weighing_step" USING btree ("tenant_id","weighing_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_weighing_order_open_car_uq" ON "izs_weighing_order" USING btree ("tenant_id","car_number") WHERE is_deleted = 0 and weigh_state = 'first';--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ADD CONSTRAINT "izs_weighbridge_min_weight_ck" CHECK ("izs_weighbridge"."min_weight_kg" >= 0);--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ADD CONSTRAINT "izs_weighbridge_tare_tol_ck" CHECK ("izs_weighbridge"."tare_tolerance_pct" >= 0 and "izs_weighbridge"."tare_tolerance_pct" <= 100);--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ADD CONSTRAINT "izs_weighbridge_reweigh_ck" CHECK ("izs_weighbridge"."reweigh_minutes" >= 0 and "izs_weighbridge"."reweigh_minutes" <= 1440);--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ADD CONSTRAINT "izs_weighbridge_step_ck" CHECK ("izs_weighbridge"."step_divisions" >= 0 and "izs_weighbridge"."step_divisions" <= 1000);--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ADD CONSTRAINT "izs_weighbridge_flags_ck" CHECK ("izs_weighbridge"."position_sensors" in (0, 1) and "izs_weighbridge"."check_plate" in (0, 1) and "izs_weighbridge"."check_photos" in (0, 1) and "izs_weighbridge"."check_max_gross" in (0, 1));--> statement-breakpoint
ALTER TABLE "lg_car" ADD CONSTRAINT "lg_car_max_gross_ck" CHECK ("lg_car"."max_gross_kg" >= 0);