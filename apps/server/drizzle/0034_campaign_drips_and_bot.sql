CREATE TABLE "campaign_bot_conversations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"wa_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'bot' NOT NULL,
	"hand_off_reason" text,
	"last_message" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone,
	"unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_bot_conversations_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_bot_messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"text" text NOT NULL,
	"author" text NOT NULL,
	"rule_id" uuid,
	"status" text NOT NULL,
	"provider_message_id" text,
	"error" text,
	CONSTRAINT "campaign_bot_messages_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_bot_rules" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"keywords" text[] DEFAULT '{}' NOT NULL,
	"match" text DEFAULT 'word' NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"hand_off" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 100 NOT NULL,
	CONSTRAINT "campaign_bot_rules_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_drip_enrolments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"drip_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text,
	"finished_at" timestamp with time zone,
	CONSTRAINT "campaign_drip_enrolments_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_drips" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"trigger" jsonb NOT NULL,
	"stop_when" text DEFAULT 'none' NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enrolled_count" integer DEFAULT 0 NOT NULL,
	"activated_at" timestamp with time zone,
	CONSTRAINT "campaign_drips_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "drip_id" uuid;--> statement-breakpoint
ALTER TABLE "campaign_bot_messages" ADD CONSTRAINT "campaign_bot_messages_conversation_id_fk" FOREIGN KEY ("tenant_id","conversation_id") REFERENCES "public"."campaign_bot_conversations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_drip_enrolments" ADD CONSTRAINT "campaign_drip_enrolments_drip_id_fk" FOREIGN KEY ("tenant_id","drip_id") REFERENCES "public"."campaign_drips"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_bot_conversations_created_idx" ON "campaign_bot_conversations" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_bot_conversations_updated_idx" ON "campaign_bot_conversations" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_bot_conversations_wa_uq" ON "campaign_bot_conversations" USING btree ("tenant_id","wa_id");--> statement-breakpoint
CREATE INDEX "campaign_bot_conversations_last_idx" ON "campaign_bot_conversations" USING btree ("tenant_id","last_message_at","id");--> statement-breakpoint
CREATE INDEX "campaign_bot_conversations_state_idx" ON "campaign_bot_conversations" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE INDEX "campaign_bot_messages_created_idx" ON "campaign_bot_messages" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_bot_messages_updated_idx" ON "campaign_bot_messages" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "campaign_bot_messages_conversation_idx" ON "campaign_bot_messages" USING btree ("tenant_id","conversation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_bot_messages_provider_uq" ON "campaign_bot_messages" USING btree ("tenant_id","provider_message_id");--> statement-breakpoint
CREATE INDEX "campaign_bot_rules_created_idx" ON "campaign_bot_rules" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_bot_rules_updated_idx" ON "campaign_bot_rules" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "campaign_bot_rules_name_idx" ON "campaign_bot_rules" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "campaign_bot_rules_priority_idx" ON "campaign_bot_rules" USING btree ("tenant_id","priority","id");--> statement-breakpoint
CREATE INDEX "campaign_drip_enrolments_created_idx" ON "campaign_drip_enrolments" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_drip_enrolments_updated_idx" ON "campaign_drip_enrolments" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_drip_enrolments_contact_uq" ON "campaign_drip_enrolments" USING btree ("tenant_id","drip_id","contact_id");--> statement-breakpoint
CREATE INDEX "campaign_drip_enrolments_due_idx" ON "campaign_drip_enrolments" USING btree ("tenant_id","state","next_at");--> statement-breakpoint
CREATE INDEX "campaign_drip_enrolments_state_idx" ON "campaign_drip_enrolments" USING btree ("tenant_id","state");--> statement-breakpoint
CREATE INDEX "campaign_drips_created_idx" ON "campaign_drips" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_drips_updated_idx" ON "campaign_drips" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "campaign_drips_name_idx" ON "campaign_drips" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "campaign_drips_status_idx" ON "campaign_drips" USING btree ("tenant_id","status");--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_drip_id_fk" FOREIGN KEY ("tenant_id","drip_id") REFERENCES "public"."campaign_drips"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_drip_idx" ON "campaigns" USING btree ("tenant_id","drip_id");