CREATE TABLE "blade_role_scope" (
	"scope_category" integer NOT NULL,
	"role_id" bigint NOT NULL,
	"scope_id" bigint NOT NULL,
	CONSTRAINT "blade_role_scope_scope_category_role_id_scope_id_pk" PRIMARY KEY("scope_category","role_id","scope_id")
);
--> statement-breakpoint
CREATE TABLE "blade_scope_api" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"menu_id" bigint NOT NULL,
	"resource_code" varchar(100) NOT NULL,
	"scope_name" varchar(100) NOT NULL,
	"scope_path" varchar(255) NOT NULL,
	"scope_type" integer DEFAULT 2 NOT NULL,
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
CREATE TABLE "blade_scope_data" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"menu_id" bigint NOT NULL,
	"resource_code" varchar(100) NOT NULL,
	"scope_name" varchar(100) NOT NULL,
	"scope_field" varchar(255) DEFAULT '*' NOT NULL,
	"scope_class" varchar(500) DEFAULT '' NOT NULL,
	"scope_column" varchar(100) DEFAULT 'create_dept' NOT NULL,
	"scope_type" integer DEFAULT 1 NOT NULL,
	"scope_value" text DEFAULT '' NOT NULL,
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
CREATE INDEX "blade_role_scope_scope_idx" ON "blade_role_scope" USING btree ("scope_id");--> statement-breakpoint
CREATE INDEX "blade_scope_api_tenant_idx" ON "blade_scope_api" USING btree ("tenant_id","is_deleted");--> statement-breakpoint
CREATE INDEX "blade_scope_api_menu_idx" ON "blade_scope_api" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "blade_scope_data_resource_idx" ON "blade_scope_data" USING btree ("tenant_id","resource_code");--> statement-breakpoint
CREATE INDEX "blade_scope_data_menu_idx" ON "blade_scope_data" USING btree ("menu_id");