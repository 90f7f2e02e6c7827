CREATE TABLE "campaign_channel_limits" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"channel" text NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"per_second" integer NOT NULL,
	"window_seconds" integer DEFAULT 3600 NOT NULL,
	"window_max" integer DEFAULT 1000000 NOT NULL,
	"max_attempts" integer DEFAULT 4 NOT NULL,
	"pause_after_failures" integer DEFAULT 50 NOT NULL,
	CONSTRAINT "campaign_channel_limits_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"recipient_id" uuid,
	"kind" text NOT NULL,
	"url" text,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "campaign_events_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_push_subscriptions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"contact_id" uuid,
	"user_agent" text,
	"last_seen_at" timestamp with time zone,
	CONSTRAINT "campaign_push_subscriptions_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_recipients" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"contact_id" uuid,
	"address" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"variant" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"provider_message_id" text,
	"error" text,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "campaign_recipients_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaign_throttles" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"key" text NOT NULL,
	"tokens" double precision DEFAULT 0 NOT NULL,
	"refilled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"window_count" integer DEFAULT 0 NOT NULL,
	"previous_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campaign_throttles_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"template_id" uuid,
	"overrides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sender" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"audience_ids" uuid[] DEFAULT '{}' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"throttle_per_second" integer,
	"ab_test" jsonb,
	"status_reason" text,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"launched_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	CONSTRAINT "campaigns_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_campaign_id_fk" FOREIGN KEY ("tenant_id","campaign_id") REFERENCES "public"."campaigns"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_events" ADD CONSTRAINT "campaign_events_recipient_id_fk" FOREIGN KEY ("tenant_id","recipient_id") REFERENCES "public"."campaign_recipients"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_fk" FOREIGN KEY ("tenant_id","campaign_id") REFERENCES "public"."campaigns"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_channel_limits_created_idx" ON "campaign_channel_limits" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_channel_limits_updated_idx" ON "campaign_channel_limits" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_channel_limits_channel_uq" ON "campaign_channel_limits" USING btree ("tenant_id","channel","provider");--> statement-breakpoint
CREATE INDEX "campaign_events_created_idx" ON "campaign_events" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_events_updated_idx" ON "campaign_events" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "campaign_events_campaign_idx" ON "campaign_events" USING btree ("tenant_id","campaign_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "campaign_events_recipient_idx" ON "campaign_events" USING btree ("tenant_id","recipient_id");--> statement-breakpoint
CREATE INDEX "campaign_events_kind_idx" ON "campaign_events" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE INDEX "campaign_push_subscriptions_created_idx" ON "campaign_push_subscriptions" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_push_subscriptions_updated_idx" ON "campaign_push_subscriptions" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_push_subscriptions_endpoint_uq" ON "campaign_push_subscriptions" USING btree ("tenant_id","endpoint");--> statement-breakpoint
CREATE INDEX "campaign_push_subscriptions_contact_idx" ON "campaign_push_subscriptions" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_created_idx" ON "campaign_recipients" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_updated_idx" ON "campaign_recipients" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_address_uq" ON "campaign_recipients" USING btree ("tenant_id","campaign_id","address");--> statement-breakpoint
CREATE INDEX "campaign_recipients_claim_idx" ON "campaign_recipients" USING btree ("tenant_id","campaign_id","state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "campaign_recipients_provider_idx" ON "campaign_recipients" USING btree ("tenant_id","provider_message_id") WHERE "campaign_recipients"."provider_message_id" is not null;--> statement-breakpoint
CREATE INDEX "campaign_recipients_list_idx" ON "campaign_recipients" USING btree ("tenant_id","campaign_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_state_idx" ON "campaign_recipients" USING btree ("tenant_id","state","campaign_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_address_idx" ON "campaign_recipients" USING btree ("tenant_id","address","id");--> statement-breakpoint
CREATE INDEX "campaign_throttles_created_idx" ON "campaign_throttles" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaign_throttles_updated_idx" ON "campaign_throttles" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_throttles_key_uq" ON "campaign_throttles" USING btree ("tenant_id","key");--> statement-breakpoint
CREATE INDEX "campaigns_created_idx" ON "campaigns" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_updated_idx" ON "campaigns" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_name_idx" ON "campaigns" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "campaigns_scheduled_idx" ON "campaigns" USING btree ("tenant_id","scheduled_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "campaigns_channel_idx" ON "campaigns" USING btree ("tenant_id","channel");