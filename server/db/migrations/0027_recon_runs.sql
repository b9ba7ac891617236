CREATE TABLE "izs_fin_recon_run" (
	"id" bigint PRIMARY KEY DEFAULT nextval('loopyard_id_seq') NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"account_set_id" bigint NOT NULL,
	"period" varchar(7) NOT NULL,
	"trigger" varchar(8) NOT NULL,
	"clean" integer NOT NULL,
	"differences" integer DEFAULT 0 NOT NULL,
	"result" jsonb NOT NULL,
	"create_user" bigint,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "izs_fin_recon_run_book_idx" ON "izs_fin_recon_run" USING btree ("account_set_id","period","create_time");