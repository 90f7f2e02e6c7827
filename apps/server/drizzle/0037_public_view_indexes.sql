DROP INDEX "commerce_categories_active_idx";--> statement-breakpoint
DROP INDEX "site_blog_categories_active_idx";--> statement-breakpoint
DROP INDEX "site_blogs_status_idx";--> statement-breakpoint
DROP INDEX "site_categories_active_idx";--> statement-breakpoint
DROP INDEX "site_contact_details_active_idx";--> statement-breakpoint
DROP INDEX "site_events_status_idx";--> statement-breakpoint
DROP INDEX "site_investor_categories_active_idx";--> statement-breakpoint
DROP INDEX "site_investor_subcategories_active_idx";--> statement-breakpoint
DROP INDEX "site_product_categories_active_idx";--> statement-breakpoint
DROP INDEX "site_product_subcategories_active_idx";--> statement-breakpoint
DROP INDEX "site_project_categories_active_idx";--> statement-breakpoint
DROP INDEX "site_subcategories_active_idx";--> statement-breakpoint
CREATE INDEX "site_banners_public_idx" ON "site_banners" USING btree ("tenant_id","status","placement","sort_order","id");--> statement-breakpoint
CREATE INDEX "site_catalogues_public_idx" ON "site_catalogues" USING btree ("tenant_id","status","sort_order","title","id");--> statement-breakpoint
CREATE INDEX "site_documents_public_idx" ON "site_documents" USING btree ("tenant_id","status","downloadable","sort_order","title","id");--> statement-breakpoint
CREATE INDEX "site_investor_documents_public_idx" ON "site_investor_documents" USING btree ("tenant_id","status","published_on","sort_order" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "site_products_public_idx" ON "site_products" USING btree ("tenant_id","status","sort_order","name","id");--> statement-breakpoint
CREATE INDEX "site_projects_public_idx" ON "site_projects" USING btree ("tenant_id","status","sort_order","completed_on" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "commerce_categories_active_idx" ON "commerce_categories" USING btree ("tenant_id","active","sort_order","name","id");--> statement-breakpoint
CREATE INDEX "site_blog_categories_active_idx" ON "site_blog_categories" USING btree ("tenant_id","active","sort_order","name","id");--> statement-breakpoint
CREATE INDEX "site_blogs_status_idx" ON "site_blogs" USING btree ("tenant_id","status","publish_at","id");--> statement-breakpoint
CREATE INDEX "site_categories_active_idx" ON "site_categories" USING btree ("tenant_id","active","sort_order","name","id");--> statement-breakpoint
CREATE INDEX "site_contact_details_active_idx" ON "site_contact_details" USING btree ("tenant_id","active","is_primary" DESC NULLS FIRST,"sort_order","name","id");--> statement-breakpoint
CREATE INDEX "site_events_status_idx" ON "site_events" USING btree ("tenant_id","status","starts_at","id");--> statement-breakpoint
CREATE INDEX "site_investor_categories_active_idx" ON "site_investor_categories" USING btree ("tenant_id","active","sort_order","name","id");--> statement-breakpoint
CREATE INDEX "site_investor_subcategories_active_idx" ON "site_investor_subcategories" USING btree ("tenant_id","active","sort_order","name","id");--> statement-breakpoint
CREATE INDEX "site_product_categories_active_idx" ON "site_product_categories" USING btree ("tenant_id","active","sort_order","name","id");--> statement-breakpoint
CREATE INDEX "site_product_subcategories_active_idx" ON "site_product_subcategories" USING btree ("tenant_id","active","sort_order","name","id");--> statement-breakpoint
CREATE INDEX "site_project_categories_active_idx" ON "site_project_categories" USING btree ("tenant_id","active","sort_order","name","id");--> statement-breakpoint
CREATE INDEX "site_subcategories_active_idx" ON "site_subcategories" USING btree ("tenant_id","active","sort_order","name","id");