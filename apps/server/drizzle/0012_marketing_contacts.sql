CREATE TABLE "marketing_consent_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"contact_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "marketing_consent_events_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "marketing_contacts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"phone" text,
	"whatsapp" text,
	"country" text,
	"language" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source" text DEFAULT 'console' NOT NULL,
	"last_activity_at" timestamp with time zone,
	"email_consent" text DEFAULT 'unknown' NOT NULL,
	"sms_consent" text DEFAULT 'unknown' NOT NULL,
	"whatsapp_consent" text DEFAULT 'unknown' NOT NULL,
	"push_consent" text DEFAULT 'unknown' NOT NULL,
	CONSTRAINT "marketing_contacts_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "marketing_suppressions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"contact_id" uuid,
	CONSTRAINT "marketing_suppressions_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "marketing_variables" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	"source" text NOT NULL,
	"path" text,
	"default_value" text DEFAULT '' NOT NULL,
	CONSTRAINT "marketing_variables_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "marketing_consent_events" ADD CONSTRAINT "marketing_consent_events_contact_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."marketing_contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_suppressions" ADD CONSTRAINT "marketing_suppressions_contact_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."marketing_contacts"("tenant_id","id") ON DELETE set null (contact_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_consent_events_created_idx" ON "marketing_consent_events" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_consent_events_updated_idx" ON "marketing_consent_events" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "marketing_consent_events_contact_idx" ON "marketing_consent_events" USING btree ("tenant_id","contact_id","created_at");--> statement-breakpoint
CREATE INDEX "marketing_contacts_created_idx" ON "marketing_contacts" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_contacts_updated_idx" ON "marketing_contacts" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_contacts_email_uq" ON "marketing_contacts" USING btree ("tenant_id","email") WHERE "marketing_contacts"."email" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_contacts_phone_uq" ON "marketing_contacts" USING btree ("tenant_id","phone") WHERE "marketing_contacts"."phone" is not null;--> statement-breakpoint
CREATE INDEX "marketing_contacts_whatsapp_idx" ON "marketing_contacts" USING btree ("tenant_id","whatsapp");--> statement-breakpoint
CREATE INDEX "marketing_contacts_name_idx" ON "marketing_contacts" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "marketing_contacts_country_idx" ON "marketing_contacts" USING btree ("tenant_id","country");--> statement-breakpoint
CREATE INDEX "marketing_contacts_language_idx" ON "marketing_contacts" USING btree ("tenant_id","language");--> statement-breakpoint
CREATE INDEX "marketing_contacts_source_idx" ON "marketing_contacts" USING btree ("tenant_id","source");--> statement-breakpoint
CREATE INDEX "marketing_contacts_activity_idx" ON "marketing_contacts" USING btree ("tenant_id","last_activity_at","id");--> statement-breakpoint
CREATE INDEX "marketing_contacts_email_consent_idx" ON "marketing_contacts" USING btree ("tenant_id","email_consent");--> statement-breakpoint
CREATE INDEX "marketing_contacts_sms_consent_idx" ON "marketing_contacts" USING btree ("tenant_id","sms_consent");--> statement-breakpoint
CREATE INDEX "marketing_contacts_whatsapp_consent_idx" ON "marketing_contacts" USING btree ("tenant_id","whatsapp_consent");--> statement-breakpoint
CREATE INDEX "marketing_contacts_push_consent_idx" ON "marketing_contacts" USING btree ("tenant_id","push_consent");--> statement-breakpoint
CREATE INDEX "marketing_contacts_tags_idx" ON "marketing_contacts" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "marketing_contacts_attributes_idx" ON "marketing_contacts" USING gin ("attributes" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "marketing_suppressions_created_idx" ON "marketing_suppressions" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_suppressions_updated_idx" ON "marketing_suppressions" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_suppressions_address_uq" ON "marketing_suppressions" USING btree ("tenant_id","channel","address");--> statement-breakpoint
CREATE INDEX "marketing_suppressions_reason_idx" ON "marketing_suppressions" USING btree ("tenant_id","reason");--> statement-breakpoint
CREATE INDEX "marketing_suppressions_contact_idx" ON "marketing_suppressions" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "marketing_variables_created_idx" ON "marketing_variables" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_variables_updated_idx" ON "marketing_variables" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_variables_name_uq" ON "marketing_variables" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "marketing_variables_label_idx" ON "marketing_variables" USING btree ("tenant_id","label","id");--> statement-breakpoint
CREATE INDEX "marketing_variables_source_idx" ON "marketing_variables" USING btree ("tenant_id","source");