-- Relations become foreign keys (tenant_id, column) → (tenant_id, id). Before the constraints, references
-- that point at nothing (written before there were foreign keys) are resolved so no data is lost:
-- an optional reference to a missing record is set to null (the record stays, unlinked); a session or
-- one-time code of a user who no longer exists is deleted (it can never be used); ids of missing products
-- are dropped from a project's product list (the array relation, enforced by the resource kit).
-- otps_user_id_fk is DEFERRABLE (added by hand; drizzle cannot declare it): the one-time-code request
-- for an unknown email rehearses the same insert for no user, in a transaction it rolls back
-- (kernel/auth/service.ts), and defers the check so the rehearsal costs what the real thing does.
DELETE FROM "otps" WHERE NOT EXISTS (SELECT 1 FROM "users" r WHERE r."tenant_id" = "otps"."tenant_id" AND r."id" = "otps"."user_id");
--> statement-breakpoint
DELETE FROM "sessions" WHERE NOT EXISTS (SELECT 1 FROM "users" r WHERE r."tenant_id" = "sessions"."tenant_id" AND r."id" = "sessions"."user_id");
--> statement-breakpoint
UPDATE "users" SET "role_id" = NULL WHERE "role_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "roles" r WHERE r."tenant_id" = "users"."tenant_id" AND r."id" = "users"."role_id");
--> statement-breakpoint
UPDATE "files" SET "uploaded_by" = NULL WHERE "uploaded_by" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" r WHERE r."tenant_id" = "files"."tenant_id" AND r."id" = "files"."uploaded_by");
--> statement-breakpoint
UPDATE "site_blogs" SET "category_id" = NULL WHERE "category_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "site_blog_categories" r WHERE r."tenant_id" = "site_blogs"."tenant_id" AND r."id" = "site_blogs"."category_id");
--> statement-breakpoint
UPDATE "site_career_applications" SET "cv_file_id" = NULL WHERE "cv_file_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "files" r WHERE r."tenant_id" = "site_career_applications"."tenant_id" AND r."id" = "site_career_applications"."cv_file_id");
--> statement-breakpoint
UPDATE "site_catalogue_downloads" SET "catalogue_id" = NULL WHERE "catalogue_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "site_catalogues" r WHERE r."tenant_id" = "site_catalogue_downloads"."tenant_id" AND r."id" = "site_catalogue_downloads"."catalogue_id");
--> statement-breakpoint
UPDATE "site_cities" SET "state_id" = NULL WHERE "state_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "site_states" r WHERE r."tenant_id" = "site_cities"."tenant_id" AND r."id" = "site_cities"."state_id");
--> statement-breakpoint
UPDATE "site_documents" SET "product_id" = NULL WHERE "product_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "site_products" r WHERE r."tenant_id" = "site_documents"."tenant_id" AND r."id" = "site_documents"."product_id");
--> statement-breakpoint
UPDATE "site_event_registrations" SET "event_id" = NULL WHERE "event_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "site_events" r WHERE r."tenant_id" = "site_event_registrations"."tenant_id" AND r."id" = "site_event_registrations"."event_id");
--> statement-breakpoint
UPDATE "site_investor_documents" SET "category_id" = NULL WHERE "category_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "site_investor_categories" r WHERE r."tenant_id" = "site_investor_documents"."tenant_id" AND r."id" = "site_investor_documents"."category_id");
--> statement-breakpoint
UPDATE "site_investor_documents" SET "subcategory_id" = NULL WHERE "subcategory_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "site_investor_subcategories" r WHERE r."tenant_id" = "site_investor_documents"."tenant_id" AND r."id" = "site_investor_documents"."subcategory_id");
--> statement-breakpoint
UPDATE "site_investor_subcategories" SET "category_id" = NULL WHERE "category_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "site_investor_categories" r WHERE r."tenant_id" = "site_investor_subcategories"."tenant_id" AND r."id" = "site_investor_subcategories"."category_id");
--> statement-breakpoint
UPDATE "site_product_subcategories" SET "category_id" = NULL WHERE "category_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "site_product_categories" r WHERE r."tenant_id" = "site_product_subcategories"."tenant_id" AND r."id" = "site_product_subcategories"."category_id");
--> statement-breakpoint
UPDATE "site_products" SET "category_id" = NULL WHERE "category_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "site_product_categories" r WHERE r."tenant_id" = "site_products"."tenant_id" AND r."id" = "site_products"."category_id");
--> statement-breakpoint
UPDATE "site_products" SET "subcategory_id" = NULL WHERE "subcategory_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "site_product_subcategories" r WHERE r."tenant_id" = "site_products"."tenant_id" AND r."id" = "site_products"."subcategory_id");
--> statement-breakpoint
UPDATE "site_projects" SET "category_id" = NULL WHERE "category_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "site_project_categories" r WHERE r."tenant_id" = "site_projects"."tenant_id" AND r."id" = "site_projects"."category_id");
--> statement-breakpoint
UPDATE "site_states" SET "country_id" = NULL WHERE "country_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "site_countries" r WHERE r."tenant_id" = "site_states"."tenant_id" AND r."id" = "site_states"."country_id");
--> statement-breakpoint
UPDATE "site_subcategories" SET "category_id" = NULL WHERE "category_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "site_categories" r WHERE r."tenant_id" = "site_subcategories"."tenant_id" AND r."id" = "site_subcategories"."category_id");
--> statement-breakpoint
UPDATE "site_projects" SET "product_ids" = ARRAY(SELECT x FROM unnest("site_projects"."product_ids") WITH ORDINALITY AS u(x, n) WHERE EXISTS (SELECT 1 FROM "site_products" r WHERE r."tenant_id" = "site_projects"."tenant_id" AND r."id" = u.x) ORDER BY n)::uuid[] WHERE cardinality("product_ids") > 0;
--> statement-breakpoint
ALTER TABLE "otps" ADD CONSTRAINT "otps_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action DEFERRABLE INITIALLY IMMEDIATE;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."roles"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_fk" FOREIGN KEY ("tenant_id","uploaded_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (uploaded_by) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_blogs" ADD CONSTRAINT "site_blogs_category_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."site_blog_categories"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_career_applications" ADD CONSTRAINT "site_career_applications_cv_file_id_fk" FOREIGN KEY ("tenant_id","cv_file_id") REFERENCES "public"."files"("tenant_id","id") ON DELETE set null (cv_file_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_catalogue_downloads" ADD CONSTRAINT "site_catalogue_downloads_catalogue_id_fk" FOREIGN KEY ("tenant_id","catalogue_id") REFERENCES "public"."site_catalogues"("tenant_id","id") ON DELETE set null (catalogue_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_cities" ADD CONSTRAINT "site_cities_state_id_fk" FOREIGN KEY ("tenant_id","state_id") REFERENCES "public"."site_states"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_documents" ADD CONSTRAINT "site_documents_product_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."site_products"("tenant_id","id") ON DELETE set null (product_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_event_registrations" ADD CONSTRAINT "site_event_registrations_event_id_fk" FOREIGN KEY ("tenant_id","event_id") REFERENCES "public"."site_events"("tenant_id","id") ON DELETE set null (event_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_investor_documents" ADD CONSTRAINT "site_investor_documents_category_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."site_investor_categories"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_investor_documents" ADD CONSTRAINT "site_investor_documents_subcategory_id_fk" FOREIGN KEY ("tenant_id","subcategory_id") REFERENCES "public"."site_investor_subcategories"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_investor_subcategories" ADD CONSTRAINT "site_investor_subcategories_category_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."site_investor_categories"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_product_subcategories" ADD CONSTRAINT "site_product_subcategories_category_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."site_product_categories"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_products" ADD CONSTRAINT "site_products_category_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."site_product_categories"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_products" ADD CONSTRAINT "site_products_subcategory_id_fk" FOREIGN KEY ("tenant_id","subcategory_id") REFERENCES "public"."site_product_subcategories"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_projects" ADD CONSTRAINT "site_projects_category_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."site_project_categories"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_states" ADD CONSTRAINT "site_states_country_id_fk" FOREIGN KEY ("tenant_id","country_id") REFERENCES "public"."site_countries"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_subcategories" ADD CONSTRAINT "site_subcategories_category_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."site_categories"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_uploaded_by_idx" ON "files" USING btree ("tenant_id","uploaded_by");--> statement-breakpoint
CREATE INDEX "site_career_applications_cv_idx" ON "site_career_applications" USING btree ("tenant_id","cv_file_id");