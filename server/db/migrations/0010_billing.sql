CREATE TABLE "payment_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"created_by" text,
	"kind" text NOT NULL,
	"plan_code" text NOT NULL,
	"seat_quantity" integer,
	"amount_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"proration_date" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone,
	"coupon_percent_off" integer,
	"payment_method" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"status" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	CONSTRAINT "payment_checkouts_provider_ref_key" UNIQUE("provider","provider_ref")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"workspace_id" text NOT NULL,
	"checkout_id" text NOT NULL,
	"outcome" text NOT NULL,
	"message" text,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "payment_surveys" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text,
	"checkout_id" text,
	"reason" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_surveys_reason" CHECK ("payment_surveys"."reason" between 1 and 4)
);
--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "extra_seats" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "coupon_percent_off" integer;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "coupon_taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "payment_issue_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_checkout_id_payment_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."payment_checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_surveys" ADD CONSTRAINT "payment_surveys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_surveys" ADD CONSTRAINT "payment_surveys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_surveys" ADD CONSTRAINT "payment_surveys_checkout_id_payment_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."payment_checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_checkouts_workspace_created_idx" ON "payment_checkouts" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_workspace_idx" ON "payment_events" USING btree ("workspace_id","received_at");--> statement-breakpoint
CREATE INDEX "payment_surveys_workspace_created_idx" ON "payment_surveys" USING btree ("workspace_id","created_at");