CREATE TABLE "marketing_cc_messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"channel" text NOT NULL,
	"contact_id" uuid,
	"to" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"sms_template_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider" text,
	"provider_message_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "marketing_cc_messages_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "marketing_channel_settings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secrets_sealed" text,
	"secrets_masked" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "marketing_channel_settings_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "marketing_push_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"icon_url" text,
	"image_url" text,
	"url_text" text,
	"url" text,
	CONSTRAINT "marketing_push_templates_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "marketing_sms_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"sender_id" text,
	"dlt_template_id" text,
	"encoding" text DEFAULT 'gsm7' NOT NULL,
	"characters" integer DEFAULT 0 NOT NULL,
	"segments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "marketing_sms_templates_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "marketing_whatsapp_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"header_type" text DEFAULT 'none' NOT NULL,
	"header_text" text,
	"header_image_url" text,
	"body" text NOT NULL,
	"footer" text,
	"buttons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variable_map" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"provider_template_id" text,
	"rejection_reason" text,
	"synced_at" timestamp with time zone,
	CONSTRAINT "marketing_whatsapp_templates_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "marketing_cc_messages" ADD CONSTRAINT "marketing_cc_messages_contact_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."marketing_contacts"("tenant_id","id") ON DELETE set null (contact_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_cc_messages" ADD CONSTRAINT "marketing_cc_messages_sms_template_id_fk" FOREIGN KEY ("tenant_id","sms_template_id") REFERENCES "public"."marketing_sms_templates"("tenant_id","id") ON DELETE set null (sms_template_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_cc_messages_created_idx" ON "marketing_cc_messages" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_cc_messages_updated_idx" ON "marketing_cc_messages" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "marketing_cc_messages_channel_idx" ON "marketing_cc_messages" USING btree ("tenant_id","channel","created_at");--> statement-breakpoint
CREATE INDEX "marketing_cc_messages_status_idx" ON "marketing_cc_messages" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "marketing_cc_messages_to_idx" ON "marketing_cc_messages" USING btree ("tenant_id","to");--> statement-breakpoint
CREATE INDEX "marketing_cc_messages_contact_idx" ON "marketing_cc_messages" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "marketing_cc_messages_template_idx" ON "marketing_cc_messages" USING btree ("tenant_id","sms_template_id");--> statement-breakpoint
CREATE INDEX "marketing_channel_settings_created_idx" ON "marketing_channel_settings" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_channel_settings_updated_idx" ON "marketing_channel_settings" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_channel_settings_channel_uq" ON "marketing_channel_settings" USING btree ("tenant_id","channel");--> statement-breakpoint
CREATE INDEX "marketing_push_templates_created_idx" ON "marketing_push_templates" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_push_templates_updated_idx" ON "marketing_push_templates" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "marketing_push_templates_name_idx" ON "marketing_push_templates" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "marketing_sms_templates_created_idx" ON "marketing_sms_templates" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_sms_templates_updated_idx" ON "marketing_sms_templates" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "marketing_sms_templates_name_idx" ON "marketing_sms_templates" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "marketing_sms_templates_encoding_idx" ON "marketing_sms_templates" USING btree ("tenant_id","encoding");--> statement-breakpoint
CREATE INDEX "marketing_whatsapp_templates_created_idx" ON "marketing_whatsapp_templates" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_whatsapp_templates_updated_idx" ON "marketing_whatsapp_templates" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_whatsapp_templates_name_uq" ON "marketing_whatsapp_templates" USING btree ("tenant_id","name","language");--> statement-breakpoint
CREATE INDEX "marketing_whatsapp_templates_status_idx" ON "marketing_whatsapp_templates" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "marketing_whatsapp_templates_category_idx" ON "marketing_whatsapp_templates" USING btree ("tenant_id","category");--> statement-breakpoint
CREATE INDEX "marketing_whatsapp_templates_language_idx" ON "marketing_whatsapp_templates" USING btree ("tenant_id","language");