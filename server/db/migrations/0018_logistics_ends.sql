ALTER TABLE "lg_order" ADD COLUMN "load_source" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lg_order" ADD COLUMN "load_doc_no" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lg_order" ADD COLUMN "load_net_kg" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "lg_order" ADD COLUMN "unload_source" varchar(16) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lg_order" ADD COLUMN "unload_doc_no" varchar(32) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lg_order" ADD COLUMN "unload_net_kg" numeric(14, 3);