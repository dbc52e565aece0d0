CREATE TABLE "chat_numbers" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"number" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_numbers_workspace_id_user_id_number_pk" PRIMARY KEY("workspace_id","user_id","number")
);
--> statement-breakpoint
CREATE TABLE "chat_sync_states" (
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"sync_started_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"synced_chat_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_sync_states_workspace_id_user_id_pk" PRIMARY KEY("workspace_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"number" text NOT NULL,
	"chat_whatsapp_id" text NOT NULL,
	"name" text NOT NULL,
	"avatar_url" text,
	"is_group" boolean NOT NULL,
	"is_del" boolean DEFAULT false NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_message_key" text,
	"last_message_type" text,
	"last_message_text" text,
	"last_message_from_me" boolean,
	"lead_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chats_workspace_id_key" UNIQUE("workspace_id","id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"workspace_id" text NOT NULL,
	"conversation_id" text NOT NULL,
	"msg_key" text NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"send_time" timestamp with time zone NOT NULL,
	"from_me" boolean NOT NULL,
	"type" text NOT NULL,
	"text" text,
	"sender_name" text,
	"file_name" text,
	"file_size" bigint,
	"mime_type" text,
	"meta" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "messages_workspace_id_conversation_id_msg_key_pk" PRIMARY KEY("workspace_id","conversation_id","msg_key")
);
--> statement-breakpoint
ALTER TABLE "workspace_members" ALTER COLUMN "sync_type" SET DEFAULT 'manual';--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "kind" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_numbers" ADD CONSTRAINT "chat_numbers_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_numbers" ADD CONSTRAINT "chat_numbers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sync_states" ADD CONSTRAINT "chat_sync_states_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sync_states" ADD CONSTRAINT "chat_sync_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_fk" FOREIGN KEY ("workspace_id","conversation_id") REFERENCES "public"."chats"("workspace_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_owner_chat_key" ON "chats" USING btree ("workspace_id","owner_id","number","chat_whatsapp_id");--> statement-breakpoint
CREATE INDEX "chats_owner_last_message_idx" ON "chats" USING btree ("workspace_id","owner_id","last_message_at" NULLS FIRST,"id") WHERE not "chats"."is_del";--> statement-breakpoint
CREATE INDEX "chats_owner_updated_idx" ON "chats" USING btree ("workspace_id","owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "chats_lead_idx" ON "chats" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "messages_page_idx" ON "messages" USING btree ("workspace_id","conversation_id","send_time","msg_key");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_kind" CHECK ("sessions"."kind" in ('web', 'extension'));