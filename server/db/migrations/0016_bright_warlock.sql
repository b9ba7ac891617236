CREATE TABLE "izs_visual_config" (
	"tenant_id" varchar(12) NOT NULL,
	"dept_id" bigint NOT NULL,
	"config" jsonb NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "izs_visual_config_tenant_id_dept_id_pk" PRIMARY KEY("tenant_id","dept_id")
);
