ALTER TABLE "izs_weighbridge" ALTER COLUMN "min_weight_kg" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ALTER COLUMN "min_weight_kg" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ALTER COLUMN "tare_tolerance_pct" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ALTER COLUMN "tare_tolerance_pct" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ALTER COLUMN "reweigh_minutes" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ALTER COLUMN "reweigh_minutes" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ALTER COLUMN "step_divisions" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "izs_weighbridge" ALTER COLUMN "step_divisions" DROP NOT NULL;