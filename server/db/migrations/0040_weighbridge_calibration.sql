CREATE TABLE "izs_weighbridge_calibration" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"weighbridge_id" bigint NOT NULL,
	"reference_kg" numeric(14, 3) NOT NULL,
	"reading_kg" numeric(14, 3) NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "izs_weighbridge_calibration_ref_ck" CHECK ("izs_weighbridge_calibration"."reference_kg" > 0),
	CONSTRAINT "izs_weighbridge_calibration_reading_ck" CHECK ("izs_weighbridge_calibration"."reading_kg" >= 0)
);
--> statement-breakpoint
ALTER TABLE "izs_weigh_exception" DROP CONSTRAINT "izs_weigh_exception_kind_ck";--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ADD COLUMN "linearity_tol_kg" numeric(10, 3);--> statement-breakpoint
ALTER TABLE "izs_weighbridge_calibration" ADD CONSTRAINT "izs_weighbridge_calibration_wb_fk" FOREIGN KEY ("tenant_id","weighbridge_id") REFERENCES "public"."izs_weighbridge"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "izs_weighbridge_calibration_uq" ON "izs_weighbridge_calibration" USING btree ("tenant_id","weighbridge_id","reference_kg");--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ADD CONSTRAINT "izs_weighbridge_linearity_tol_ck" CHECK ("izs_weighbridge"."linearity_tol_kg" >= 0);--> statement-breakpoint
ALTER TABLE "izs_weigh_exception" ADD CONSTRAINT "izs_weigh_exception_kind_ck" CHECK ("izs_weigh_exception"."kind" in ('tare_deviation', 'over_max_gross', 'quick_reweigh', 'plate_mismatch', 'stable_step', 'photos_missing', 'manual_entry', 'off_profile', 'scale_drift'));