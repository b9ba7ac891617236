CREATE TABLE "izs_lane_takeover" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"weighbridge_id" bigint NOT NULL,
	"step" varchar(12) DEFAULT '' NOT NULL,
	"plate" varchar(16) DEFAULT '' NOT NULL,
	"weight" numeric(14, 3),
	"reason" varchar(255) DEFAULT '' NOT NULL,
	"state" varchar(12) DEFAULT '' NOT NULL,
	"create_user" bigint NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"claim_user" bigint,
	"claim_time" timestamp with time zone,
	CONSTRAINT "izs_lane_takeover_step_ck" CHECK ("izs_lane_takeover"."step" in ('identify', 'capture', 'print', 'open')),
	CONSTRAINT "izs_lane_takeover_state_ck" CHECK ("izs_lane_takeover"."state" in ('pending', 'claimed', 'expired')),
	CONSTRAINT "izs_lane_takeover_identify_ck" CHECK ("izs_lane_takeover"."step" <> 'identify' or "izs_lane_takeover"."plate" <> ''),
	CONSTRAINT "izs_lane_takeover_capture_ck" CHECK ("izs_lane_takeover"."step" <> 'capture' or ("izs_lane_takeover"."weight" > 0 and "izs_lane_takeover"."reason" <> '')),
	CONSTRAINT "izs_lane_takeover_claim_ck" CHECK (("izs_lane_takeover"."state" = 'pending') = ("izs_lane_takeover"."claim_time" is null) and ("izs_lane_takeover"."claim_time" is null) = ("izs_lane_takeover"."claim_user" is null))
);
--> statement-breakpoint
ALTER TABLE "izs_weighing_order" ADD COLUMN "dispatch_slip_id" bigint;--> statement-breakpoint
ALTER TABLE "izs_weighing_order" ADD COLUMN "eticket_path" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_lane_takeover" ADD CONSTRAINT "izs_lane_takeover_weighbridge_fk" FOREIGN KEY ("tenant_id","weighbridge_id") REFERENCES "public"."izs_weighbridge"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "izs_lane_takeover_pending_idx" ON "izs_lane_takeover" USING btree ("tenant_id","weighbridge_id","state","create_time");--> statement-breakpoint
ALTER TABLE "izs_dispatch_slip" ADD CONSTRAINT "izs_dispatch_slip_tenant_id_uq" UNIQUE("tenant_id","id");--> statement-breakpoint
ALTER TABLE "izs_weighing_order" ADD CONSTRAINT "izs_weighing_order_dispatch_slip_fk" FOREIGN KEY ("tenant_id","dispatch_slip_id") REFERENCES "public"."izs_dispatch_slip"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "izs_weighing_order" ADD CONSTRAINT "izs_weighing_order_eticket_ck" CHECK ("izs_weighing_order"."eticket_path" = '' or "izs_weighing_order"."eticket_path" like '/%');