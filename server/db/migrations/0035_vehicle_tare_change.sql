CREATE TABLE "izs_vehicle_tare_change" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"car_id" bigint NOT NULL,
	"kind" varchar(12) DEFAULT '' NOT NULL,
	"label" varchar(32) DEFAULT '' NOT NULL,
	"action" varchar(8) DEFAULT '' NOT NULL,
	"old_tare_kg" numeric(14, 3),
	"new_tare_kg" numeric(14, 3),
	"old_valid_until" varchar(10),
	"new_valid_until" varchar(10),
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"change_user" bigint NOT NULL,
	"change_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "izs_vehicle_tare_change_kind_ck" CHECK ("izs_vehicle_tare_change"."kind" in ('vehicle', 'trailer', 'container')),
	CONSTRAINT "izs_vehicle_tare_change_label_ck" CHECK (("izs_vehicle_tare_change"."kind" = 'vehicle') = ("izs_vehicle_tare_change"."label" = '')),
	CONSTRAINT "izs_vehicle_tare_change_action_ck" CHECK ("izs_vehicle_tare_change"."action" in ('set', 'remove')),
	CONSTRAINT "izs_vehicle_tare_change_values_ck" CHECK (("izs_vehicle_tare_change"."action" = 'set' and "izs_vehicle_tare_change"."new_tare_kg" is not null and "izs_vehicle_tare_change"."new_tare_kg" > 0 and ("izs_vehicle_tare_change"."old_tare_kg" is null or "izs_vehicle_tare_change"."old_tare_kg" > 0)) or ("izs_vehicle_tare_change"."action" = 'remove' and "izs_vehicle_tare_change"."new_tare_kg" is null and "izs_vehicle_tare_change"."new_valid_until" is null and "izs_vehicle_tare_change"."old_tare_kg" is not null and "izs_vehicle_tare_change"."old_tare_kg" > 0)),
	CONSTRAINT "izs_vehicle_tare_change_old_valid_ck" CHECK ("izs_vehicle_tare_change"."old_valid_until" is null or ("izs_vehicle_tare_change"."old_tare_kg" is not null and "izs_vehicle_tare_change"."old_valid_until" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')),
	CONSTRAINT "izs_vehicle_tare_change_new_valid_ck" CHECK ("izs_vehicle_tare_change"."new_valid_until" is null or "izs_vehicle_tare_change"."new_valid_until" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "izs_vehicle_tare_change" ADD CONSTRAINT "izs_vehicle_tare_change_car_fk" FOREIGN KEY ("tenant_id","car_id") REFERENCES "public"."lg_car"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "izs_vehicle_tare_change_car_idx" ON "izs_vehicle_tare_change" USING btree ("tenant_id","car_id","change_time");