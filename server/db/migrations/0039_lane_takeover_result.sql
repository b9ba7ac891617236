ALTER TABLE "izs_lane_takeover" DROP CONSTRAINT "izs_lane_takeover_state_ck";--> statement-breakpoint
ALTER TABLE "izs_lane_takeover" ADD COLUMN "result_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "izs_lane_takeover" ADD COLUMN "result_note" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_lane_takeover" ADD CONSTRAINT "izs_lane_takeover_result_ck" CHECK (("izs_lane_takeover"."state" in ('done', 'failed')) = ("izs_lane_takeover"."result_time" is not null) and ("izs_lane_takeover"."state" <> 'failed' or "izs_lane_takeover"."result_note" <> ''));--> statement-breakpoint
ALTER TABLE "izs_lane_takeover" ADD CONSTRAINT "izs_lane_takeover_state_ck" CHECK ("izs_lane_takeover"."state" in ('pending', 'claimed', 'expired', 'done', 'failed'));