-- pg_trgm for the trigram index below (trusted since PostgreSQL 13: the database owner may create it)
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "izs_material_price_idx" ON "izs_material" USING btree ("tenant_id","default_price","id") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "izs_material_code_trgm_idx" ON "izs_material" USING gin (("code" collate "C") gin_trgm_ops) WHERE is_deleted = 0;