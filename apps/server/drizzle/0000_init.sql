CREATE TABLE "roles" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "roles_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "otps" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "otps_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "sessions_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"password_hash" text NOT NULL,
	"role_id" uuid,
	"is_owner" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"theme" text DEFAULT 'light' NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "users_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "error_codes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"message" text NOT NULL,
	"description" text,
	"http_status" integer,
	"module" text,
	CONSTRAINT "error_codes_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "app_logs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"code" text,
	"request_id" text,
	"context" jsonb,
	CONSTRAINT "app_logs_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"record_id" uuid,
	"before" jsonb,
	"after" jsonb,
	CONSTRAINT "audit_log_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"channel" text NOT NULL,
	"to" text NOT NULL,
	"subject" text,
	"text" text NOT NULL,
	"html" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outbox_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"uploaded_by" uuid,
	"purpose" text,
	CONSTRAINT "files_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "communities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communities_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "client_profiles" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"business_name" text NOT NULL,
	"logo_url" text,
	"favicon_url" text,
	"primary_color" text DEFAULT '#cd3197' NOT NULL,
	"website" text,
	"email" text,
	"phone" text,
	"address" text,
	"font_family" text,
	CONSTRAINT "client_profiles_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "website_roles" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	CONSTRAINT "website_roles_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "roles_created_idx" ON "roles" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "roles_updated_idx" ON "roles" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_uq" ON "roles" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "roles_name_idx" ON "roles" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "otps_created_idx" ON "otps" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "otps_updated_idx" ON "otps" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "otps_user_idx" ON "otps" USING btree ("tenant_id","user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "sessions_created_idx" ON "sessions" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sessions_updated_idx" ON "sessions" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_updated_idx" ON "users" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("tenant_id",lower("email"));--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("tenant_id","role_id");--> statement-breakpoint
CREATE INDEX "users_status_idx" ON "users" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "error_codes_created_idx" ON "error_codes" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "error_codes_updated_idx" ON "error_codes" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "error_codes_code_uq" ON "error_codes" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "error_codes_module_idx" ON "error_codes" USING btree ("tenant_id","module");--> statement-breakpoint
CREATE INDEX "app_logs_created_idx" ON "app_logs" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "app_logs_updated_idx" ON "app_logs" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "app_logs_kind_idx" ON "app_logs" USING btree ("tenant_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "app_logs_level_idx" ON "app_logs" USING btree ("tenant_id","level");--> statement-breakpoint
CREATE INDEX "app_logs_code_idx" ON "app_logs" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_log_updated_idx" ON "audit_log" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "audit_resource_idx" ON "audit_log" USING btree ("tenant_id","resource","created_at");--> statement-breakpoint
CREATE INDEX "audit_record_idx" ON "audit_log" USING btree ("tenant_id","record_id");--> statement-breakpoint
CREATE INDEX "audit_actor_idx" ON "audit_log" USING btree ("tenant_id","actor_id");--> statement-breakpoint
CREATE INDEX "audit_action_idx" ON "audit_log" USING btree ("tenant_id","action");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_updated_idx" ON "outbox" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "outbox_channel_idx" ON "outbox" USING btree ("tenant_id","channel","created_at");--> statement-breakpoint
CREATE INDEX "outbox_status_idx" ON "outbox" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "outbox_to_idx" ON "outbox" USING btree ("tenant_id","to");--> statement-breakpoint
CREATE INDEX "files_created_idx" ON "files" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "files_updated_idx" ON "files" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "files_filename_idx" ON "files" USING btree ("tenant_id","filename","id");--> statement-breakpoint
CREATE INDEX "files_type_idx" ON "files" USING btree ("tenant_id","content_type");--> statement-breakpoint
CREATE INDEX "files_purpose_idx" ON "files" USING btree ("tenant_id","purpose");--> statement-breakpoint
CREATE INDEX "client_profiles_created_idx" ON "client_profiles" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "client_profiles_updated_idx" ON "client_profiles" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_profiles_tenant_uq" ON "client_profiles" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "client_profiles_name_idx" ON "client_profiles" USING btree ("tenant_id","business_name");--> statement-breakpoint
CREATE INDEX "website_roles_created_idx" ON "website_roles" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "website_roles_updated_idx" ON "website_roles" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "website_roles_name_uq" ON "website_roles" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "website_roles_name_idx" ON "website_roles" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "website_roles_status_idx" ON "website_roles" USING btree ("tenant_id","status");