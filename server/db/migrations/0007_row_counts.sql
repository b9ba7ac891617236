CREATE TABLE "loopyard_row_count" (
	"table_name" varchar(64) NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"dept_id" bigint DEFAULT '0' NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "loopyard_row_count_table_name_tenant_id_dept_id_pk" PRIMARY KEY("table_name","tenant_id","dept_id")
);
--> statement-breakpoint
CREATE INDEX "izs_material_category_idx" ON "izs_material" USING btree ("tenant_id","category_id");