-- Issue 24: a weighbridge's anti-cheat thresholds are set in 地磅管理, an empty box meaning the global default
-- (core/weighing/anti-cheat.ts DEFAULT_ANTI_CHEAT). Until now nothing but SQL could set them, so a stored value equal
-- to the old column default IS the default: it becomes null (same rule, shown as 默认 on the screen).
UPDATE "izs_weighbridge" SET "min_weight_kg" = NULL WHERE "min_weight_kg" = 0;--> statement-breakpoint
UPDATE "izs_weighbridge" SET "tare_tolerance_pct" = NULL WHERE "tare_tolerance_pct" = 10;--> statement-breakpoint
UPDATE "izs_weighbridge" SET "reweigh_minutes" = NULL WHERE "reweigh_minutes" = 15;--> statement-breakpoint
UPDATE "izs_weighbridge" SET "step_divisions" = NULL WHERE "step_divisions" = 10;
