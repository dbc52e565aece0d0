CREATE TABLE "auto_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"keywords" text[] NOT NULL,
	"match_mode" text NOT NULL,
	"reply" text NOT NULL,
	"effective" jsonb NOT NULL,
	"effective_groups" text NOT NULL,
	"archive_after_reply" boolean NOT NULL,
	"not_for_active_chats" boolean NOT NULL,
	"quote_when_replying" boolean NOT NULL,
	"block_sender" boolean NOT NULL,
	"interval_minutes" integer NOT NULL,
	"delay_seconds" integer NOT NULL,
	"status" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auto_replies_type" CHECK ("auto_replies"."type" in ('keyword', 'replyAll')),
	CONSTRAINT "auto_replies_status" CHECK ("auto_replies"."status" in ('active', 'paused'))
);
--> statement-breakpoint
CREATE TABLE "chat_page_polls" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"polled_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_page_polls_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "quick_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"attachments" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_sends" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"schedule_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"recipients" jsonb NOT NULL,
	"message" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "schedule_sends_status" CHECK ("schedule_sends"."status" in ('waiting', 'claimed', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"recipients" jsonb NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"recurrence" text NOT NULL,
	"next_run_at" timestamp with time zone,
	"status" text NOT NULL,
	"run_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "schedules_status" CHECK ("schedules"."status" in ('pending', 'sending', 'completed', 'failed')),
	CONSTRAINT "schedules_recurrence" CHECK ("schedules"."recurrence" in ('once', 'hour', 'day', 'week', 'month', 'quarter'))
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"object_key" text NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"kind" text NOT NULL,
	"size" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"stored_at" timestamp with time zone,
	CONSTRAINT "stored_files_status" CHECK ("stored_files"."status" in ('pending', 'stored')),
	CONSTRAINT "stored_files_kind" CHECK ("stored_files"."kind" in ('image', 'video', 'document'))
);
--> statement-breakpoint
CREATE TABLE "team_tab_sets" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"group_name" text NOT NULL,
	"group_priority" integer NOT NULL,
	"name" text NOT NULL,
	"tab_names" text[] NOT NULL,
	"message_type" text NOT NULL,
	"status" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	CONSTRAINT "team_tab_sets_status" CHECK ("team_tab_sets"."status" in ('active', 'paused'))
);
--> statement-breakpoint
ALTER TABLE "auto_replies" ADD CONSTRAINT "auto_replies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auto_replies" ADD CONSTRAINT "auto_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_page_polls" ADD CONSTRAINT "chat_page_polls_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_page_polls" ADD CONSTRAINT "chat_page_polls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quick_replies" ADD CONSTRAINT "quick_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sends" ADD CONSTRAINT "schedule_sends_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sends" ADD CONSTRAINT "schedule_sends_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_sends" ADD CONSTRAINT "schedule_sends_schedule_id_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."schedules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_tab_sets" ADD CONSTRAINT "team_tab_sets_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_tab_sets" ADD CONSTRAINT "team_tab_sets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auto_replies_workspace_idx" ON "auto_replies" USING btree ("workspace_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "auto_replies_name_key" ON "auto_replies" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "auto_replies_one_reply_all" ON "auto_replies" USING btree ("workspace_id") WHERE "auto_replies"."type" = 'replyAll';--> statement-breakpoint
CREATE INDEX "quick_replies_workspace_idx" ON "quick_replies" USING btree ("workspace_id","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "schedule_sends_occurrence_key" ON "schedule_sends" USING btree ("schedule_id","due_at");--> statement-breakpoint
CREATE INDEX "schedule_sends_owner_idx" ON "schedule_sends" USING btree ("workspace_id","owner_id","status","due_at");--> statement-breakpoint
CREATE INDEX "schedules_owner_idx" ON "schedules" USING btree ("workspace_id","owner_id","created_at");--> statement-breakpoint
CREATE INDEX "schedules_due_idx" ON "schedules" USING btree ("next_run_at") WHERE "schedules"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "stored_files_owner_idx" ON "stored_files" USING btree ("workspace_id","owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_object_key" ON "stored_files" USING btree ("object_key");--> statement-breakpoint
CREATE INDEX "stored_files_pending_idx" ON "stored_files" USING btree ("created_at") WHERE "stored_files"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "team_tab_sets_workspace_idx" ON "team_tab_sets" USING btree ("workspace_id","group_priority","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "team_tab_sets_name_key" ON "team_tab_sets" USING btree ("workspace_id",lower("name"));