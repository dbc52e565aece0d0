CREATE TABLE "integration_connections" (
	"workspace_id" text NOT NULL,
	"provider" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"account_name" text,
	"instance_url" text,
	"access_token_sealed" text,
	"refresh_token_sealed" text,
	"token_expires_at" timestamp with time zone,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"connected_by" text,
	"connected_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_error" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "integration_connections_workspace_id_provider_pk" PRIMARY KEY("workspace_id","provider"),
	CONSTRAINT "integration_connections_provider" CHECK ("integration_connections"."provider" in ('hubspot', 'salesforce'))
);
--> statement-breakpoint
CREATE TABLE "share_link_clicks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "share_link_clicks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" text NOT NULL,
	"share_link_id" text NOT NULL,
	"link_index" integer NOT NULL,
	"visitor_hash" text NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_link_leads" (
	"workspace_id" text NOT NULL,
	"share_link_id" text NOT NULL,
	"lead_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "share_link_leads_workspace_id_share_link_id_lead_id_pk" PRIMARY KEY("workspace_id","share_link_id","lead_id")
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"links" text[] NOT NULL,
	"distribution" text NOT NULL,
	"code" text NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "share_links_type" CHECK ("share_links"."type" in ('group', 'chat')),
	CONSTRAINT "share_links_distribution" CHECK ("share_links"."distribution" in ('roundRobin', 'random'))
);
--> statement-breakpoint
CREATE TABLE "webhook_configs" (
	"workspace_id" text PRIMARY KEY NOT NULL,
	"received_url" text,
	"sent_url" text,
	"secret_sealed" text,
	"secret_created_at" timestamp with time zone,
	"updated_by" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"event_key" text NOT NULL,
	"type" text NOT NULL,
	"user_id" text,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"last_url" text,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "webhook_events_type" CHECK ("webhook_events"."type" in ('message.received', 'message.sent')),
	CONSTRAINT "webhook_events_status" CHECK ("webhook_events"."status" in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_permissions" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webhook_permissions_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "stage_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_clicks" ADD CONSTRAINT "share_link_clicks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_clicks" ADD CONSTRAINT "share_link_clicks_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_leads" ADD CONSTRAINT "share_link_leads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_leads" ADD CONSTRAINT "share_link_leads_share_link_id_share_links_id_fk" FOREIGN KEY ("share_link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_leads" ADD CONSTRAINT "share_link_leads_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_configs" ADD CONSTRAINT "webhook_configs_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_configs" ADD CONSTRAINT "webhook_configs_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_permissions" ADD CONSTRAINT "webhook_permissions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_permissions" ADD CONSTRAINT "webhook_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "share_link_clicks_link_idx" ON "share_link_clicks" USING btree ("workspace_id","share_link_id","clicked_at");--> statement-breakpoint
CREATE INDEX "share_link_leads_lead_idx" ON "share_link_leads" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "share_links_owner_idx" ON "share_links" USING btree ("workspace_id","owner_id","type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_code_key" ON "share_links" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_key" ON "webhook_events" USING btree ("workspace_id","event_key");--> statement-breakpoint
CREATE INDEX "webhook_events_log_idx" ON "webhook_events" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_events_due_idx" ON "webhook_events" USING btree ("next_attempt_at") WHERE "webhook_events"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "leads_owner_stage_changed_idx" ON "leads" USING btree ("workspace_id","owner_id","stage","stage_changed_at");--> statement-breakpoint
CREATE INDEX "leads_owner_status_idx" ON "leads" USING btree ("workspace_id","owner_id","is_closed","stage");--> statement-breakpoint
CREATE INDEX "leads_owner_open_created_idx" ON "leads" USING btree ("workspace_id","owner_id","created_at","tab_id") WHERE not "leads"."is_closed";--> statement-breakpoint
CREATE INDEX "leads_owner_awaiting_idx" ON "leads" USING btree ("workspace_id","owner_id","last_message_at","id","tab_id") WHERE "leads"."awaiting_reply" and not "leads"."is_closed";