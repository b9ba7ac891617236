CREATE SEQUENCE "public"."loopyard_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1500000000000000001 CACHE 1;--> statement-breakpoint
CREATE TABLE "blade_auth_session" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"family_id" varchar(64) NOT NULL,
	"parent_id" bigint,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"client_id" varchar(48) NOT NULL,
	"refresh_hash" varchar(64) NOT NULL,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"refresh_used_at" timestamp with time zone,
	"access_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_captcha" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"answer" varchar(16) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_client" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"client_id" varchar(48) NOT NULL,
	"client_secret" varchar(256) NOT NULL,
	"scope" varchar(255) DEFAULT 'all' NOT NULL,
	"authorized_grant_types" varchar(255) NOT NULL,
	"access_token_validity" integer DEFAULT 3600 NOT NULL,
	"refresh_token_validity" integer DEFAULT 604800 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_login_attempt" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"account" varchar(45) NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"success" boolean NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_log_api" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) DEFAULT '' NOT NULL,
	"service_id" varchar(50) DEFAULT '' NOT NULL,
	"method" varchar(10) NOT NULL,
	"request_uri" varchar(500) NOT NULL,
	"user_id" bigint,
	"status" integer NOT NULL,
	"time" integer NOT NULL,
	"remote_ip" varchar(64) DEFAULT '' NOT NULL,
	"user_agent" varchar(500) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_log_operation" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"title" varchar(255) NOT NULL,
	"service_id" varchar(50) DEFAULT '' NOT NULL,
	"request_uri" varchar(500) NOT NULL,
	"method" varchar(10) NOT NULL,
	"params" text DEFAULT '' NOT NULL,
	"modify_params" jsonb,
	"create_by" bigint,
	"remote_ip" varchar(64) DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "izs_version_info" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"version" varchar(30) NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_dept" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"ancestors" text DEFAULT '0' NOT NULL,
	"dept_name" varchar(45) NOT NULL,
	"full_name" varchar(45) DEFAULT '' NOT NULL,
	"dept_category" integer DEFAULT 2 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
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
CREATE TABLE "blade_menu" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"code" varchar(100) NOT NULL,
	"name" varchar(50) NOT NULL,
	"alias" varchar(50) DEFAULT 'menu' NOT NULL,
	"path" varchar(255) DEFAULT '' NOT NULL,
	"source" varchar(100) DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"category" integer DEFAULT 1 NOT NULL,
	"action" integer DEFAULT 0 NOT NULL,
	"is_open" integer DEFAULT 1 NOT NULL,
	"is_hidden" integer DEFAULT 0 NOT NULL,
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
CREATE TABLE "blade_post" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"category" integer DEFAULT 4 NOT NULL,
	"post_code" varchar(30) NOT NULL,
	"post_name" varchar(50) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
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
CREATE TABLE "blade_region" (
	"code" varchar(12) PRIMARY KEY NOT NULL,
	"parent_code" varchar(12) NOT NULL,
	"ancestors" varchar(255) NOT NULL,
	"name" varchar(50) NOT NULL,
	"region_level" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(255) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_role" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"parent_id" bigint DEFAULT '0' NOT NULL,
	"role_name" varchar(50) NOT NULL,
	"role_alias" varchar(50) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_role_menu" (
	"role_id" bigint NOT NULL,
	"menu_id" bigint NOT NULL,
	CONSTRAINT "blade_role_menu_role_id_menu_id_pk" PRIMARY KEY("role_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "loopyard_settings" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_tenant" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"tenant_name" varchar(100) NOT NULL,
	"domain" varchar(255) DEFAULT '' NOT NULL,
	"linkman" varchar(50) DEFAULT '' NOT NULL,
	"contact_number" varchar(30) DEFAULT '' NOT NULL,
	"address" varchar(255) DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blade_user" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"code" varchar(30) DEFAULT '' NOT NULL,
	"account" varchar(45) NOT NULL,
	"password" text NOT NULL,
	"name" varchar(20) DEFAULT '' NOT NULL,
	"real_name" varchar(20) DEFAULT '' NOT NULL,
	"avatar" varchar(500) DEFAULT '' NOT NULL,
	"email" varchar(100) DEFAULT '' NOT NULL,
	"phone" varchar(30) DEFAULT '' NOT NULL,
	"birthday" varchar(20) DEFAULT '' NOT NULL,
	"sex" integer DEFAULT 1 NOT NULL,
	"role_id" text DEFAULT '' NOT NULL,
	"dept_id" text DEFAULT '' NOT NULL,
	"post_id" text DEFAULT '' NOT NULL,
	"create_user" bigint,
	"create_dept" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_user" bigint,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "blade_auth_session_refresh_uq" ON "blade_auth_session" USING btree ("refresh_hash");--> statement-breakpoint
CREATE INDEX "blade_auth_session_family_idx" ON "blade_auth_session" USING btree ("family_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_client_client_id_uq" ON "blade_client" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "blade_login_attempt_account_idx" ON "blade_login_attempt" USING btree ("tenant_id","account","create_time");--> statement-breakpoint
CREATE INDEX "blade_log_api_tenant_time_idx" ON "blade_log_api" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_log_operation_tenant_time_idx" ON "blade_log_operation" USING btree ("tenant_id","create_time");--> statement-breakpoint
CREATE INDEX "blade_dept_tenant_parent_idx" ON "blade_dept" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_menu_code_uq" ON "blade_menu" USING btree ("code") WHERE is_deleted = 0;--> statement-breakpoint
CREATE INDEX "blade_menu_parent_idx" ON "blade_menu" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "blade_region_parent_idx" ON "blade_region" USING btree ("parent_code");--> statement-breakpoint
CREATE INDEX "blade_role_tenant_idx" ON "blade_role" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_tenant_tenant_id_uq" ON "blade_tenant" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_tenant_account_uq" ON "blade_user" USING btree ("tenant_id","account") WHERE is_deleted = 0;