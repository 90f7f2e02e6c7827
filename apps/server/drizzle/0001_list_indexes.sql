CREATE INDEX "users_email_sort_idx" ON "users" USING btree ("tenant_id","email","id");--> statement-breakpoint
CREATE INDEX "error_codes_status_idx" ON "error_codes" USING btree ("tenant_id","http_status");--> statement-breakpoint
CREATE INDEX "files_public_idx" ON "files" USING btree ("tenant_id","is_public");--> statement-breakpoint
CREATE INDEX "files_size_idx" ON "files" USING btree ("tenant_id","size","id");