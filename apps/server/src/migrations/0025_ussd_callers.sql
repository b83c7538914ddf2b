CREATE TABLE "ussd_callers" (
	"phone_key" text PRIMARY KEY NOT NULL,
	"language" text NOT NULL,
	"session_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
