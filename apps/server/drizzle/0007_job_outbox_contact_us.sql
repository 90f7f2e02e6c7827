CREATE TABLE "job_outbox" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "job_outbox_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "contact_us_messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"subject" text,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text,
	CONSTRAINT "contact_us_messages_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "job_outbox_created_idx" ON "job_outbox" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "job_outbox_updated_idx" ON "job_outbox" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "contact_us_messages_created_idx" ON "contact_us_messages" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contact_us_messages_updated_idx" ON "contact_us_messages" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "contact_us_messages_status_idx" ON "contact_us_messages" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "contact_us_messages_name_idx" ON "contact_us_messages" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "contact_us_messages_email_idx" ON "contact_us_messages" USING btree ("tenant_id","email","id");