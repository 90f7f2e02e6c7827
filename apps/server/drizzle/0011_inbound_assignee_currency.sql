ALTER TABLE "contact_us_messages" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "client_profiles" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_career_applications" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "site_catalogue_downloads" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "site_contact_messages" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "site_design_requests" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "site_event_registrations" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_us_messages" ADD CONSTRAINT "contact_us_messages_assignee_id_fk" FOREIGN KEY ("tenant_id","assignee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (assignee_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_career_applications" ADD CONSTRAINT "site_career_applications_assignee_id_fk" FOREIGN KEY ("tenant_id","assignee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (assignee_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_catalogue_downloads" ADD CONSTRAINT "site_catalogue_downloads_assignee_id_fk" FOREIGN KEY ("tenant_id","assignee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (assignee_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_contact_messages" ADD CONSTRAINT "site_contact_messages_assignee_id_fk" FOREIGN KEY ("tenant_id","assignee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (assignee_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_design_requests" ADD CONSTRAINT "site_design_requests_assignee_id_fk" FOREIGN KEY ("tenant_id","assignee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (assignee_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_event_registrations" ADD CONSTRAINT "site_event_registrations_assignee_id_fk" FOREIGN KEY ("tenant_id","assignee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (assignee_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_us_messages_assignee_idx" ON "contact_us_messages" USING btree ("tenant_id","assignee_id");--> statement-breakpoint
CREATE INDEX "site_career_applications_assignee_idx" ON "site_career_applications" USING btree ("tenant_id","assignee_id");--> statement-breakpoint
CREATE INDEX "site_catalogue_downloads_assignee_idx" ON "site_catalogue_downloads" USING btree ("tenant_id","assignee_id");--> statement-breakpoint
CREATE INDEX "site_contact_messages_assignee_idx" ON "site_contact_messages" USING btree ("tenant_id","assignee_id");--> statement-breakpoint
CREATE INDEX "site_design_requests_assignee_idx" ON "site_design_requests" USING btree ("tenant_id","assignee_id");--> statement-breakpoint
CREATE INDEX "site_event_registrations_assignee_idx" ON "site_event_registrations" USING btree ("tenant_id","assignee_id");