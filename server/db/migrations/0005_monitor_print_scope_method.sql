ALTER TABLE "izs_modify_log" ADD COLUMN "reason" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_modify_log" ADD COLUMN "remote_ip" varchar(64) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_print_config" ADD COLUMN "template" varchar(32) DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_print_config" ADD COLUMN "copies" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_print_config" ADD COLUMN "title" varchar(50) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_print_config" ADD COLUMN "footer" varchar(100) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_log_api" ADD COLUMN "params" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_scope_api" ADD COLUMN "scope_method" varchar(10) DEFAULT 'ALL' NOT NULL;