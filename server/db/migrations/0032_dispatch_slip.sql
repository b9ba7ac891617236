CREATE TABLE "izs_dispatch_slip" (
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
	"slip_no" varchar(32) DEFAULT '' NOT NULL,
	"order_type" varchar(16) DEFAULT '' NOT NULL,
	"source_no" varchar(32) DEFAULT '' NOT NULL,
	"source_order_id" bigint,
	"contract_id" bigint,
	"party_id" bigint NOT NULL,
	"material_id" bigint NOT NULL,
	"car_number" varchar(16) DEFAULT '' NOT NULL,
	"driver_name" varchar(32) DEFAULT '' NOT NULL,
	"driver_phone" varchar(20) DEFAULT '' NOT NULL,
	"planned_kg" numeric(14, 3) DEFAULT '0' NOT NULL,
	"valid_from" varchar(10) DEFAULT '' NOT NULL,
	"valid_to" varchar(10) DEFAULT '' NOT NULL,
	"state" varchar(12) DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	CONSTRAINT "ck_izs_dispatch_slip_planned_kg_nonneg" CHECK (planned_kg >= 0),
	CONSTRAINT "ck_izs_dispatch_slip_order_type_set" CHECK (order_type in ('purchase', 'sale')),
	CONSTRAINT "ck_izs_dispatch_slip_state_set" CHECK (state in ('open', 'closed')),
	CONSTRAINT "ck_izs_dispatch_slip_car_number" CHECK (car_number <> ''),
	CONSTRAINT "ck_izs_dispatch_slip_validity" CHECK (valid_from ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and valid_to ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and valid_to >= valid_from)
);
--> statement-breakpoint
ALTER TABLE "izs_dispatch_slip" ADD CONSTRAINT "fk_izs_dispatch_slip_dept_id" FOREIGN KEY ("tenant_id","dept_id") REFERENCES "public"."blade_dept"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "izs_dispatch_slip" ADD CONSTRAINT "fk_izs_dispatch_slip_source_order_id" FOREIGN KEY ("tenant_id","source_order_id") REFERENCES "public"."izs_trade_order"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "izs_dispatch_slip" ADD CONSTRAINT "fk_izs_dispatch_slip_contract_id" FOREIGN KEY ("tenant_id","contract_id") REFERENCES "public"."izs_trading_contract"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "izs_dispatch_slip" ADD CONSTRAINT "fk_izs_dispatch_slip_party_id" FOREIGN KEY ("tenant_id","party_id") REFERENCES "public"."izs_related_party"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "izs_dispatch_slip" ADD CONSTRAINT "fk_izs_dispatch_slip_material_id" FOREIGN KEY ("tenant_id","material_id") REFERENCES "public"."izs_material"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "izs_dispatch_slip_page_idx" ON "izs_dispatch_slip" USING btree ("tenant_id","is_deleted","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "izs_dispatch_slip_no_uq" ON "izs_dispatch_slip" USING btree ("tenant_id","slip_no") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_dispatch_slip_car_idx" ON "izs_dispatch_slip" USING btree ("tenant_id","car_number");