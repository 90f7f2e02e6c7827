DROP INDEX "marketing_contacts_country_idx";--> statement-breakpoint
CREATE INDEX "marketing_contacts_country_email_created_idx" ON "marketing_contacts" USING btree ("tenant_id","country","email_consent","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_contacts_country_email_idx" ON "marketing_contacts" USING btree ("tenant_id","country","email_consent");--> statement-breakpoint
CREATE INDEX "marketing_contacts_country_idx" ON "marketing_contacts" USING btree ("tenant_id","country","created_at","id");