CREATE TABLE "builder_attendance" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"date" text NOT NULL,
	"status" text DEFAULT 'present' NOT NULL,
	"check_in" text,
	"check_out" text,
	"note" text,
	"created_by" uuid,
	CONSTRAINT "builder_attendance_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "builder_designs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"project_id" uuid,
	"name" text NOT NULL,
	"page" text,
	"type" text,
	"description" text,
	"ticket_id" text,
	"task_list_id" uuid,
	"story_id" uuid,
	"ux_notes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ux_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ux_status" text DEFAULT 'Pending' NOT NULL,
	"ux_web_status" text DEFAULT 'Pending' NOT NULL,
	"ux_mobile_status" text DEFAULT 'Pending' NOT NULL,
	"web_uiux_design" uuid,
	"mobile_uiux_design" uuid,
	"figma" text,
	"figma_file" text,
	"figma_node" text,
	"platform" text DEFAULT 'web' NOT NULL,
	"sprint" text DEFAULT '' NOT NULL,
	"version_id" uuid,
	"created_by" uuid,
	CONSTRAINT "builder_designs_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "builder_issue_lookups" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "builder_issue_lookups_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "builder_issues" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"project_id" uuid,
	"title" text NOT NULL,
	"description" text,
	"type" text DEFAULT 'Bug' NOT NULL,
	"module" text,
	"found_on" text,
	"severity" text DEFAULT 'Major' NOT NULL,
	"priority" text DEFAULT 'Medium' NOT NULL,
	"status" text DEFAULT 'Open' NOT NULL,
	"assignee_id" uuid,
	"reporter_id" uuid,
	"task_id" uuid,
	"attachment_ids" uuid[] DEFAULT '{}' NOT NULL,
	"comments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	CONSTRAINT "builder_issues_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "builder_members" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"ba" boolean DEFAULT false NOT NULL,
	"client" boolean DEFAULT false NOT NULL,
	"ux" boolean DEFAULT false NOT NULL,
	"pm" boolean DEFAULT false NOT NULL,
	"qa" boolean DEFAULT false NOT NULL,
	"developer" boolean DEFAULT false NOT NULL,
	"capacity_hours" double precision DEFAULT 40 NOT NULL,
	CONSTRAINT "builder_members_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "builder_pages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"project_id" uuid,
	"name" text NOT NULL,
	"route" text,
	"kind" text DEFAULT 'page' NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"description" text,
	"created_by" uuid,
	CONSTRAINT "builder_pages_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "builder_project_roles" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"project_id" uuid,
	"name" text NOT NULL,
	"description" text,
	"created_by" uuid,
	CONSTRAINT "builder_project_roles_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "builder_projects" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"suite_id" uuid,
	"status" text DEFAULT 'planning' NOT NULL,
	"start_date" text,
	"due_date" text,
	"task_statuses" text[] DEFAULT '{"todo","in_progress","in_review","done"}' NOT NULL,
	"estimate_hours" double precision DEFAULT 0 NOT NULL,
	"estimate_minor" integer DEFAULT 0 NOT NULL,
	"invoiced_minor" integer DEFAULT 0 NOT NULL,
	"paid_minor" integer DEFAULT 0 NOT NULL,
	"addons" text[] DEFAULT '{}' NOT NULL,
	"created_by" uuid,
	CONSTRAINT "builder_projects_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "builder_scope_items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"project_id" uuid,
	"title" text NOT NULL,
	"description" text,
	"hours" double precision DEFAULT 0 NOT NULL,
	"price_minor" integer DEFAULT 0 NOT NULL,
	"kind" text DEFAULT 'baseline' NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_by" uuid,
	CONSTRAINT "builder_scope_items_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "builder_stories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"project_id" uuid,
	"page_id" uuid,
	"role" text,
	"title" text NOT NULL,
	"description" text,
	"acceptance_criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	CONSTRAINT "builder_stories_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "builder_suites" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"pages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "builder_suites_pk" PRIMARY KEY("id")
);
--> statement-breakpoint
CREATE TABLE "builder_task_lists" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"project_id" uuid,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	CONSTRAINT "builder_task_lists_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "builder_tasks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"project_id" uuid,
	"task_list_id" uuid,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'todo' NOT NULL,
	"position" double precision DEFAULT 0 NOT NULL,
	"assignee_id" uuid,
	"estimate_hours" double precision,
	"due_date" text,
	"priority" text DEFAULT 'medium' NOT NULL,
	"labels" text[] DEFAULT '{}' NOT NULL,
	"story_id" uuid,
	"page_id" uuid,
	"version_id" uuid,
	"requirement" text,
	"completed_at" timestamp with time zone,
	"created_by" uuid,
	CONSTRAINT "builder_tasks_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "builder_time_logs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"project_id" uuid,
	"task_id" uuid,
	"user_id" uuid,
	"date" text NOT NULL,
	"minutes" integer NOT NULL,
	"note" text,
	"created_by" uuid,
	CONSTRAINT "builder_time_logs_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "builder_versions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"project_id" uuid,
	"name" text NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"start_date" text,
	"due_date" text,
	"created_by" uuid,
	CONSTRAINT "builder_versions_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "recipient_id" uuid;--> statement-breakpoint
ALTER TABLE "builder_attendance" ADD CONSTRAINT "builder_attendance_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_attendance" ADD CONSTRAINT "builder_attendance_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_designs" ADD CONSTRAINT "builder_designs_project_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."builder_projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_designs" ADD CONSTRAINT "builder_designs_task_list_id_fk" FOREIGN KEY ("tenant_id","task_list_id") REFERENCES "public"."builder_task_lists"("tenant_id","id") ON DELETE set null (task_list_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_designs" ADD CONSTRAINT "builder_designs_story_id_fk" FOREIGN KEY ("tenant_id","story_id") REFERENCES "public"."builder_stories"("tenant_id","id") ON DELETE set null (story_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_designs" ADD CONSTRAINT "builder_designs_web_uiux_design_fk" FOREIGN KEY ("tenant_id","web_uiux_design") REFERENCES "public"."files"("tenant_id","id") ON DELETE set null (web_uiux_design) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_designs" ADD CONSTRAINT "builder_designs_mobile_uiux_design_fk" FOREIGN KEY ("tenant_id","mobile_uiux_design") REFERENCES "public"."files"("tenant_id","id") ON DELETE set null (mobile_uiux_design) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_designs" ADD CONSTRAINT "builder_designs_version_id_fk" FOREIGN KEY ("tenant_id","version_id") REFERENCES "public"."builder_versions"("tenant_id","id") ON DELETE set null (version_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_designs" ADD CONSTRAINT "builder_designs_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_issues" ADD CONSTRAINT "builder_issues_project_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."builder_projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_issues" ADD CONSTRAINT "builder_issues_assignee_id_fk" FOREIGN KEY ("tenant_id","assignee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (assignee_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_issues" ADD CONSTRAINT "builder_issues_reporter_id_fk" FOREIGN KEY ("tenant_id","reporter_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (reporter_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_issues" ADD CONSTRAINT "builder_issues_task_id_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."builder_tasks"("tenant_id","id") ON DELETE set null (task_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_issues" ADD CONSTRAINT "builder_issues_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_members" ADD CONSTRAINT "builder_members_project_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."builder_projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_members" ADD CONSTRAINT "builder_members_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_pages" ADD CONSTRAINT "builder_pages_project_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."builder_projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_pages" ADD CONSTRAINT "builder_pages_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_project_roles" ADD CONSTRAINT "builder_project_roles_project_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."builder_projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_project_roles" ADD CONSTRAINT "builder_project_roles_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_projects" ADD CONSTRAINT "builder_projects_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_scope_items" ADD CONSTRAINT "builder_scope_items_project_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."builder_projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_scope_items" ADD CONSTRAINT "builder_scope_items_decided_by_fk" FOREIGN KEY ("tenant_id","decided_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (decided_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_scope_items" ADD CONSTRAINT "builder_scope_items_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_stories" ADD CONSTRAINT "builder_stories_project_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."builder_projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_stories" ADD CONSTRAINT "builder_stories_page_id_fk" FOREIGN KEY ("tenant_id","page_id") REFERENCES "public"."builder_pages"("tenant_id","id") ON DELETE set null (page_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_stories" ADD CONSTRAINT "builder_stories_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_task_lists" ADD CONSTRAINT "builder_task_lists_project_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."builder_projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_task_lists" ADD CONSTRAINT "builder_task_lists_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_tasks" ADD CONSTRAINT "builder_tasks_project_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."builder_projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_tasks" ADD CONSTRAINT "builder_tasks_task_list_id_fk" FOREIGN KEY ("tenant_id","task_list_id") REFERENCES "public"."builder_task_lists"("tenant_id","id") ON DELETE set null (task_list_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_tasks" ADD CONSTRAINT "builder_tasks_assignee_id_fk" FOREIGN KEY ("tenant_id","assignee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (assignee_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_tasks" ADD CONSTRAINT "builder_tasks_story_id_fk" FOREIGN KEY ("tenant_id","story_id") REFERENCES "public"."builder_stories"("tenant_id","id") ON DELETE set null (story_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_tasks" ADD CONSTRAINT "builder_tasks_page_id_fk" FOREIGN KEY ("tenant_id","page_id") REFERENCES "public"."builder_pages"("tenant_id","id") ON DELETE set null (page_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_tasks" ADD CONSTRAINT "builder_tasks_version_id_fk" FOREIGN KEY ("tenant_id","version_id") REFERENCES "public"."builder_versions"("tenant_id","id") ON DELETE set null (version_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_tasks" ADD CONSTRAINT "builder_tasks_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_time_logs" ADD CONSTRAINT "builder_time_logs_project_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."builder_projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_time_logs" ADD CONSTRAINT "builder_time_logs_task_id_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."builder_tasks"("tenant_id","id") ON DELETE set null (task_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_time_logs" ADD CONSTRAINT "builder_time_logs_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (user_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_time_logs" ADD CONSTRAINT "builder_time_logs_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_versions" ADD CONSTRAINT "builder_versions_project_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."builder_projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builder_versions" ADD CONSTRAINT "builder_versions_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (created_by) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "builder_attendance_created_idx" ON "builder_attendance" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "builder_attendance_updated_idx" ON "builder_attendance" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "builder_attendance_user_idx" ON "builder_attendance" USING btree ("tenant_id","user_id","date");--> statement-breakpoint
CREATE INDEX "builder_attendance_date_idx" ON "builder_attendance" USING btree ("tenant_id","date","id");--> statement-breakpoint
CREATE INDEX "builder_designs_created_idx" ON "builder_designs" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "builder_designs_updated_idx" ON "builder_designs" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "builder_designs_project_idx" ON "builder_designs" USING btree ("tenant_id","project_id");--> statement-breakpoint
CREATE INDEX "builder_designs_story_idx" ON "builder_designs" USING btree ("tenant_id","story_id");--> statement-breakpoint
CREATE INDEX "builder_designs_name_idx" ON "builder_designs" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "builder_issue_lookups_created_idx" ON "builder_issue_lookups" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "builder_issue_lookups_updated_idx" ON "builder_issue_lookups" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "builder_issue_lookups_kind_name_idx" ON "builder_issue_lookups" USING btree ("tenant_id","kind","name");--> statement-breakpoint
CREATE INDEX "builder_issues_created_idx" ON "builder_issues" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "builder_issues_updated_idx" ON "builder_issues" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "builder_issues_project_idx" ON "builder_issues" USING btree ("tenant_id","project_id");--> statement-breakpoint
CREATE INDEX "builder_issues_status_idx" ON "builder_issues" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "builder_issues_severity_idx" ON "builder_issues" USING btree ("tenant_id","severity");--> statement-breakpoint
CREATE INDEX "builder_issues_assignee_idx" ON "builder_issues" USING btree ("tenant_id","assignee_id");--> statement-breakpoint
CREATE INDEX "builder_issues_title_idx" ON "builder_issues" USING btree ("tenant_id","title","id");--> statement-breakpoint
CREATE INDEX "builder_members_created_idx" ON "builder_members" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "builder_members_updated_idx" ON "builder_members" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "builder_members_project_user_idx" ON "builder_members" USING btree ("tenant_id","project_id","user_id");--> statement-breakpoint
CREATE INDEX "builder_members_user_idx" ON "builder_members" USING btree ("tenant_id","user_id","project_id");--> statement-breakpoint
CREATE INDEX "builder_pages_created_idx" ON "builder_pages" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "builder_pages_updated_idx" ON "builder_pages" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "builder_pages_project_idx" ON "builder_pages" USING btree ("tenant_id","project_id","kind");--> statement-breakpoint
CREATE INDEX "builder_pages_name_idx" ON "builder_pages" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "builder_pages_status_idx" ON "builder_pages" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "builder_project_roles_created_idx" ON "builder_project_roles" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "builder_project_roles_updated_idx" ON "builder_project_roles" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "builder_project_roles_project_idx" ON "builder_project_roles" USING btree ("tenant_id","project_id");--> statement-breakpoint
CREATE INDEX "builder_project_roles_name_idx" ON "builder_project_roles" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "builder_projects_created_idx" ON "builder_projects" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "builder_projects_updated_idx" ON "builder_projects" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "builder_projects_name_idx" ON "builder_projects" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "builder_projects_status_idx" ON "builder_projects" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "builder_scope_items_created_idx" ON "builder_scope_items" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "builder_scope_items_updated_idx" ON "builder_scope_items" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "builder_scope_items_project_idx" ON "builder_scope_items" USING btree ("tenant_id","project_id");--> statement-breakpoint
CREATE INDEX "builder_scope_items_status_idx" ON "builder_scope_items" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "builder_scope_items_kind_idx" ON "builder_scope_items" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE INDEX "builder_stories_created_idx" ON "builder_stories" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "builder_stories_updated_idx" ON "builder_stories" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "builder_stories_project_idx" ON "builder_stories" USING btree ("tenant_id","project_id");--> statement-breakpoint
CREATE INDEX "builder_stories_page_idx" ON "builder_stories" USING btree ("tenant_id","page_id");--> statement-breakpoint
CREATE INDEX "builder_stories_status_idx" ON "builder_stories" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "builder_stories_title_idx" ON "builder_stories" USING btree ("tenant_id","title","id");--> statement-breakpoint
CREATE INDEX "builder_suites_created_idx" ON "builder_suites" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "builder_suites_updated_idx" ON "builder_suites" USING btree ("updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "builder_suites_key_idx" ON "builder_suites" USING btree ("key");--> statement-breakpoint
CREATE INDEX "builder_suites_name_idx" ON "builder_suites" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "builder_task_lists_created_idx" ON "builder_task_lists" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "builder_task_lists_updated_idx" ON "builder_task_lists" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "builder_task_lists_project_idx" ON "builder_task_lists" USING btree ("tenant_id","project_id","position");--> statement-breakpoint
CREATE INDEX "builder_tasks_created_idx" ON "builder_tasks" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "builder_tasks_updated_idx" ON "builder_tasks" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "builder_tasks_board_idx" ON "builder_tasks" USING btree ("tenant_id","project_id","status","position");--> statement-breakpoint
CREATE INDEX "builder_tasks_assignee_idx" ON "builder_tasks" USING btree ("tenant_id","assignee_id","status");--> statement-breakpoint
CREATE INDEX "builder_tasks_list_idx" ON "builder_tasks" USING btree ("tenant_id","task_list_id");--> statement-breakpoint
CREATE INDEX "builder_tasks_story_idx" ON "builder_tasks" USING btree ("tenant_id","story_id");--> statement-breakpoint
CREATE INDEX "builder_tasks_priority_idx" ON "builder_tasks" USING btree ("tenant_id","priority");--> statement-breakpoint
CREATE INDEX "builder_tasks_title_idx" ON "builder_tasks" USING btree ("tenant_id","title","id");--> statement-breakpoint
CREATE INDEX "builder_tasks_due_idx" ON "builder_tasks" USING btree ("tenant_id","due_date","id");--> statement-breakpoint
CREATE INDEX "builder_time_logs_created_idx" ON "builder_time_logs" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "builder_time_logs_updated_idx" ON "builder_time_logs" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "builder_time_logs_user_idx" ON "builder_time_logs" USING btree ("tenant_id","user_id","date");--> statement-breakpoint
CREATE INDEX "builder_time_logs_project_idx" ON "builder_time_logs" USING btree ("tenant_id","project_id","date");--> statement-breakpoint
CREATE INDEX "builder_time_logs_date_idx" ON "builder_time_logs" USING btree ("tenant_id","date","id");--> statement-breakpoint
CREATE INDEX "builder_versions_created_idx" ON "builder_versions" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "builder_versions_updated_idx" ON "builder_versions" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "builder_versions_project_idx" ON "builder_versions" USING btree ("tenant_id","project_id");--> statement-breakpoint
CREATE INDEX "builder_versions_due_idx" ON "builder_versions" USING btree ("tenant_id","due_date","id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_fk" FOREIGN KEY ("tenant_id","recipient_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("tenant_id","recipient_id","read","created_at");