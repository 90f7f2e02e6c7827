CREATE TABLE "file_links" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"file_id" uuid NOT NULL,
	"resource" text NOT NULL,
	"record_id" uuid NOT NULL,
	"field" text NOT NULL,
	CONSTRAINT "file_links_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "file_links" ADD CONSTRAINT "file_links_file_fk" FOREIGN KEY ("tenant_id","file_id") REFERENCES "public"."files"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_links_created_idx" ON "file_links" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "file_links_updated_idx" ON "file_links" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "file_links_uq" ON "file_links" USING btree ("tenant_id","resource","record_id","field","file_id");--> statement-breakpoint
CREATE INDEX "file_links_file_idx" ON "file_links" USING btree ("tenant_id","file_id");
--> statement-breakpoint
-- Careers CVs stored before files carried access: held by their application (its CV field and file id).
INSERT INTO "file_links" ("tenant_id", "file_id", "resource", "record_id", "field")
SELECT a."tenant_id", f."id", 'site/career-applications', a."id", x.field
FROM "site_career_applications" a
JOIN "files" f ON f."tenant_id" = a."tenant_id" AND f."id" = a."cv_file_id"
CROSS JOIN (VALUES ('cvUrl'), ('cvFileId')) AS x(field)
ON CONFLICT DO NOTHING;
