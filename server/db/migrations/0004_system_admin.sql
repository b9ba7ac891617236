CREATE TABLE "blade_param" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"param_name" varchar(100) DEFAULT '' NOT NULL,
	"param_key" varchar(100) DEFAULT '' NOT NULL,
	"param_value" text DEFAULT '' NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "blade_client_client_id_uq";--> statement-breakpoint
ALTER TABLE "blade_client" ADD COLUMN "resource_ids" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_client" ADD COLUMN "web_server_redirect_uri" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_client" ADD COLUMN "authorities" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_client" ADD COLUMN "additional_information" varchar(4096) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_client" ADD COLUMN "autoapprove" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_param_key_uq" ON "blade_param" USING btree ("tenant_id","param_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_post_code_uq" ON "blade_post" USING btree ("tenant_id","post_code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_client_client_id_uq" ON "blade_client" USING btree ("client_id") WHERE is_deleted = 0;--> statement-breakpoint
UPDATE "blade_client" SET "client_secret" = 'sha256$' || encode(sha256(convert_to("client_secret", 'UTF8')), 'hex') WHERE "client_secret" NOT LIKE 'sha256$%';
