CREATE TABLE "domain_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb NOT NULL,
	CONSTRAINT "domain_events_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "event_deliveries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_id" uuid NOT NULL,
	"event_name" text NOT NULL,
	"subscriber" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"processed_at" timestamp with time zone,
	CONSTRAINT "event_deliveries_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_runs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"workflow" text NOT NULL,
	"key" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"input" jsonb NOT NULL,
	"output" jsonb,
	"failed_step" text,
	"error" text,
	CONSTRAINT "workflow_runs_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "workflow_steps" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"run_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"status" text NOT NULL,
	"output" jsonb,
	CONSTRAINT "workflow_steps_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "domain_events_created_idx" ON "domain_events" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "domain_events_updated_idx" ON "domain_events" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "domain_events_name_idx" ON "domain_events" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "event_deliveries_created_idx" ON "event_deliveries" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "event_deliveries_updated_idx" ON "event_deliveries" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_deliveries_uq" ON "event_deliveries" USING btree ("tenant_id","event_id","subscriber");--> statement-breakpoint
CREATE INDEX "event_deliveries_pending_idx" ON "event_deliveries" USING btree ("tenant_id","updated_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "event_deliveries_status_idx" ON "event_deliveries" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "event_deliveries_eventName_idx" ON "event_deliveries" USING btree ("tenant_id","event_name");--> statement-breakpoint
CREATE INDEX "event_deliveries_subscriber_idx" ON "event_deliveries" USING btree ("tenant_id","subscriber");--> statement-breakpoint
CREATE INDEX "workflow_runs_created_idx" ON "workflow_runs" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "workflow_runs_updated_idx" ON "workflow_runs" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_runs_key_uq" ON "workflow_runs" USING btree ("tenant_id","workflow","key");--> statement-breakpoint
CREATE INDEX "workflow_runs_unfinished_idx" ON "workflow_runs" USING btree ("tenant_id","updated_at") WHERE status in ('running', 'compensating');--> statement-breakpoint
CREATE INDEX "workflow_runs_status_idx" ON "workflow_runs" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "workflow_runs_workflow_idx" ON "workflow_runs" USING btree ("tenant_id","workflow");--> statement-breakpoint
CREATE INDEX "workflow_steps_created_idx" ON "workflow_steps" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "workflow_steps_updated_idx" ON "workflow_steps" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_steps_uq" ON "workflow_steps" USING btree ("tenant_id","run_id","name");--> statement-breakpoint
CREATE INDEX "workflow_steps_run_idx" ON "workflow_steps" USING btree ("tenant_id","run_id","position");