CREATE TABLE "izs_fin_period_sum" (
	"tenant_id" varchar(12) NOT NULL,
	"account_set_id" bigint NOT NULL,
	"account_code" varchar(12) NOT NULL,
	"aux_key" varchar(200) DEFAULT '' NOT NULL,
	"period" varchar(7) NOT NULL,
	"carry_forward" integer NOT NULL,
	"posted" integer NOT NULL,
	"debit" numeric(18, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(18, 2) DEFAULT '0' NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "izs_fin_period_sum_account_set_id_account_code_aux_key_period_carry_forward_posted_pk" PRIMARY KEY("account_set_id","account_code","aux_key","period","carry_forward","posted")
);
