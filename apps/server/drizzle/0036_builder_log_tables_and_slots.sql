CREATE TABLE "builder_log_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"log_table_id" uuid NOT NULL,
	"project_id" uuid,
	"date" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" uuid,
	CONSTRAINT "builder_log_entries_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "builder_log_tables" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"project_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	CONSTRAINT "builder_log_tables_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "builder_members" ADD COLUMN "developer_slot" integer;--> statement-breakpoint
ALTER TABLE "builder_log_entries" ADD CONSTRAINT "builder_log_entries_log_table_id_fk" FOREIGN KEY ("tenant_id","log_table_id") REFERENCES "public"."builder_log_tables"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_log_entries" ADD CONSTRAINT "builder_log_entries_project_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."builder_projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_log_entries" ADD CONSTRAINT "builder_log_entries_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_log_tables" ADD CONSTRAINT "builder_log_tables_project_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."builder_projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_log_tables" ADD CONSTRAINT "builder_log_tables_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "builder_log_entries_created_idx" ON "builder_log_entries" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "builder_log_entries_updated_idx" ON "builder_log_entries" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "builder_log_entries_table_idx" ON "builder_log_entries" USING btree ("tenant_id","log_table_id","date","created_at","id");--> statement-breakpoint
CREATE INDEX "builder_log_tables_created_idx" ON "builder_log_tables" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "builder_log_tables_updated_idx" ON "builder_log_tables" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "builder_log_tables_project_idx" ON "builder_log_tables" USING btree ("tenant_id","project_id");--> statement-breakpoint
CREATE INDEX "builder_log_tables_name_idx" ON "builder_log_tables" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "builder_issues_board_idx" ON "builder_issues" USING btree ("tenant_id","project_id","status","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "builder_members_slot_idx" ON "builder_members" USING btree ("tenant_id","project_id","developer_slot");