CREATE TABLE "izs_visual_site" (
	"tenant_id" varchar(12) NOT NULL,
	"warehouse_id" bigint NOT NULL,
	"lon" numeric(9, 6) NOT NULL,
	"lat" numeric(8, 6) NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "izs_visual_site_tenant_id_warehouse_id_pk" PRIMARY KEY("tenant_id","warehouse_id")
);
