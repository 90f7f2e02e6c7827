CREATE TABLE "marketing_email_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"preheader" text DEFAULT '' NOT NULL,
	"layout" text,
	"design" jsonb NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"variables" text[] DEFAULT '{}' NOT NULL,
	CONSTRAINT "marketing_email_templates_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "marketing_email_templates_created_idx" ON "marketing_email_templates" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_email_templates_updated_idx" ON "marketing_email_templates" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "marketing_email_templates_name_idx" ON "marketing_email_templates" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "marketing_email_templates_layout_idx" ON "marketing_email_templates" USING btree ("tenant_id","layout");--> statement-breakpoint
CREATE INDEX "marketing_email_templates_variables_idx" ON "marketing_email_templates" USING gin ("variables");