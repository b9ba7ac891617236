CREATE TABLE "izs_fin_chart_version" (
	"account_set_id" bigint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
