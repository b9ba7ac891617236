ALTER TABLE "izs_stock_order" ADD COLUMN "net_amount" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_stock_order" ADD COLUMN "tax_amount" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_stock_order" ADD COLUMN "gross_amount" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_stock_order_line" ADD COLUMN "tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_stock_order_line" ADD COLUMN "price_includes_tax" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_stock_order_line" ADD COLUMN "net_amount" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_stock_order_line" ADD COLUMN "tax_amount" numeric(16, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "izs_stock_order_line" ADD COLUMN "gross_amount" numeric(16, 2) DEFAULT '0' NOT NULL;