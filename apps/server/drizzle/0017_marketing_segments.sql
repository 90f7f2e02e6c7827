CREATE TABLE "marketing_audiences" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"include_segment_ids" uuid[] DEFAULT '{}' NOT NULL,
	"exclude_segment_ids" uuid[] DEFAULT '{}' NOT NULL,
	"contact_count" integer,
	"count_is_estimate" boolean DEFAULT false NOT NULL,
	"counted_at" timestamp with time zone,
	CONSTRAINT "marketing_audiences_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "marketing_segment_members" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"segment_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	CONSTRAINT "marketing_segment_members_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "marketing_segment_types" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "marketing_segment_types_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "marketing_segments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"type_id" uuid,
	"kind" text DEFAULT 'dynamic' NOT NULL,
	"rules" jsonb,
	"contact_count" integer,
	"count_is_estimate" boolean DEFAULT false NOT NULL,
	"counted_at" timestamp with time zone,
	CONSTRAINT "marketing_segments_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "marketing_segment_members" ADD CONSTRAINT "marketing_segment_members_segment_id_fk" FOREIGN KEY ("tenant_id","segment_id") REFERENCES "public"."marketing_segments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_segment_members" ADD CONSTRAINT "marketing_segment_members_contact_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."marketing_contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketing_segments" ADD CONSTRAINT "marketing_segments_type_id_fk" FOREIGN KEY ("tenant_id","type_id") REFERENCES "public"."marketing_segment_types"("tenant_id","id") ON DELETE set null (type_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketing_audiences_created_idx" ON "marketing_audiences" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_audiences_updated_idx" ON "marketing_audiences" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_audiences_name_uq" ON "marketing_audiences" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "marketing_audiences_channel_idx" ON "marketing_audiences" USING btree ("tenant_id","channel");--> statement-breakpoint
CREATE INDEX "marketing_audiences_include_idx" ON "marketing_audiences" USING gin ("include_segment_ids");--> statement-breakpoint
CREATE INDEX "marketing_audiences_exclude_idx" ON "marketing_audiences" USING gin ("exclude_segment_ids");--> statement-breakpoint
CREATE INDEX "marketing_segment_members_created_idx" ON "marketing_segment_members" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_segment_members_updated_idx" ON "marketing_segment_members" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_segment_members_uq" ON "marketing_segment_members" USING btree ("tenant_id","segment_id","contact_id");--> statement-breakpoint
CREATE INDEX "marketing_segment_members_contact_idx" ON "marketing_segment_members" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "marketing_segment_types_created_idx" ON "marketing_segment_types" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_segment_types_updated_idx" ON "marketing_segment_types" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_segment_types_name_uq" ON "marketing_segment_types" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "marketing_segments_created_idx" ON "marketing_segments" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "marketing_segments_updated_idx" ON "marketing_segments" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_segments_name_uq" ON "marketing_segments" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "marketing_segments_kind_idx" ON "marketing_segments" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE INDEX "marketing_segments_type_idx" ON "marketing_segments" USING btree ("tenant_id","type_id");