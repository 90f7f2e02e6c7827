ALTER TABLE "import_jobs" ADD COLUMN "storage_key" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "headers" jsonb DEFAULT '[]'::jsonb NOT NULL;