ALTER TABLE "izs_supplier_contract" ALTER COLUMN "party_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lg_voyage" ALTER COLUMN "ship_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lg_voyage" ALTER COLUMN "from_port_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lg_voyage" ALTER COLUMN "to_port_id" SET NOT NULL;