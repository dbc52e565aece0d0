CREATE TABLE "chat_pins" (
	"workspace_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"number" text NOT NULL,
	"chat_whatsapp_id" text NOT NULL,
	"pinned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_pins_workspace_id_owner_id_number_chat_whatsapp_id_pk" PRIMARY KEY("workspace_id","owner_id","number","chat_whatsapp_id")
);
--> statement-breakpoint
CREATE TABLE "leave_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	CONSTRAINT "leave_applications_status" CHECK ("leave_applications"."status" in ('pending', 'approved', 'declined', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "product_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" text NOT NULL,
	"user_id" text NOT NULL,
	"event_source" integer NOT NULL,
	"event_type" text NOT NULL,
	"status" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"browser" text,
	"sample_time" real,
	"count" integer DEFAULT 1 NOT NULL,
	"chats" integer
);
--> statement-breakpoint
ALTER TABLE "chat_pins" ADD CONSTRAINT "chat_pins_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_pins" ADD CONSTRAINT "chat_pins_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_applications" ADD CONSTRAINT "leave_applications_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_applications" ADD CONSTRAINT "leave_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_applications" ADD CONSTRAINT "leave_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_events" ADD CONSTRAINT "product_events_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_events" ADD CONSTRAINT "product_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leave_applications_one_pending_key" ON "leave_applications" USING btree ("workspace_id","user_id") WHERE "leave_applications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "leave_applications_workspace_created_idx" ON "leave_applications" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE INDEX "product_events_workspace_occurred_idx" ON "product_events" USING btree ("workspace_id","occurred_at");--> statement-breakpoint
CREATE INDEX "product_events_workspace_user_type_idx" ON "product_events" USING btree ("workspace_id","user_id","event_type","occurred_at");