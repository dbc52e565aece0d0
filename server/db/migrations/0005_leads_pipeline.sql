CREATE TABLE "leads" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"tab_id" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"birthday" text,
	"country" text,
	"gender" text,
	"follow_up_at" timestamp with time zone,
	"notes" text,
	"is_closed" boolean DEFAULT false NOT NULL,
	"closed_reason" text,
	"activity" text,
	"stage" text,
	"level" text,
	"source" text,
	"company_name" text,
	"company_position" text,
	"company_website" text,
	"company_size" text,
	"company_phone" text,
	"company_email" text,
	"company_address" text,
	"source_id" text,
	"awaiting_reply" boolean DEFAULT false NOT NULL,
	"last_message_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"edited_at" timestamp with time zone NOT NULL,
	CONSTRAINT "leads_closed_in_tab" CHECK (not "leads"."is_closed" or "leads"."tab_id" <> 0),
	CONSTRAINT "leads_gender" CHECK ("leads"."gender" in ('male', 'female')),
	CONSTRAINT "leads_activity" CHECK ("leads"."activity" in ('appointmentBooked', 'orderPlaced', 'paymentReceived', 'orderShipped')),
	CONSTRAINT "leads_stage" CHECK ("leads"."stage" in ('initialContact', 'discussions', 'decisionMaking', 'contractDiscussion', 'closedWon', 'closedLost')),
	CONSTRAINT "leads_level" CHECK ("leads"."level" in ('normal', 'important', 'core')),
	CONSTRAINT "leads_source" CHECK ("leads"."source" in ('facebook', 'chat-group', 'linkedin', 'instagram', 'google', 'youtube'))
);
--> statement-breakpoint
CREATE TABLE "tabs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tabs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"workspace_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"is_default" integer DEFAULT 0 NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabs" ADD CONSTRAINT "tabs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabs" ADD CONSTRAINT "tabs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_owner_name_key" ON "leads" USING btree ("workspace_id","owner_id",(lower("name") COLLATE "C"));--> statement-breakpoint
CREATE INDEX "leads_owner_tab_name_idx" ON "leads" USING btree ("workspace_id","owner_id","tab_id",(lower("name") COLLATE "C"));--> statement-breakpoint
CREATE INDEX "leads_owner_tab_created_idx" ON "leads" USING btree ("workspace_id","owner_id","tab_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_owner_created_idx" ON "leads" USING btree ("workspace_id","owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_owner_tab_last_message_idx" ON "leads" USING btree ("workspace_id","owner_id","tab_id","last_message_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "leads_owner_last_message_idx" ON "leads" USING btree ("workspace_id","owner_id","last_message_at" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "tabs_owner_idx" ON "tabs" USING btree ("workspace_id","owner_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tabs_owner_name_key" ON "tabs" USING btree ("workspace_id","owner_id",lower("name"));