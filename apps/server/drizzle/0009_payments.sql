CREATE TABLE "payment_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"gateway_id" uuid,
	"transaction_id" uuid,
	"outcome" text NOT NULL,
	CONSTRAINT "payment_events_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_gateways" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"display_name" text NOT NULL,
	"mode" text DEFAULT 'test' NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"instructions" text,
	"credentials_sealed" text,
	"credentials_masked" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "payment_gateways_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "payment_transactions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"gateway_id" uuid,
	"kind" text NOT NULL,
	"mode" text DEFAULT 'test' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"refunded_minor" bigint DEFAULT 0 NOT NULL,
	"payable_kind" text NOT NULL,
	"payable_id" uuid NOT NULL,
	"reference" text,
	"customer_name" text,
	"customer_email" text,
	"gateway_order_id" text,
	"gateway_payment_id" text,
	"failure_reason" text,
	"idempotency_key" text,
	"refunds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payloads" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"captured_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	CONSTRAINT "payment_transactions_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_gateway_id_fk" FOREIGN KEY ("tenant_id","gateway_id") REFERENCES "public"."payment_gateways"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_created_idx" ON "payment_events" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_events_updated_idx" ON "payment_events" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_event_idx" ON "payment_events" USING btree ("tenant_id","kind","event_id");--> statement-breakpoint
CREATE INDEX "payment_gateways_created_idx" ON "payment_gateways" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_gateways_updated_idx" ON "payment_gateways" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "payment_gateways_kind_idx" ON "payment_gateways" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE INDEX "payment_gateways_enabled_idx" ON "payment_gateways" USING btree ("tenant_id","enabled");--> statement-breakpoint
CREATE INDEX "payment_gateways_name_idx" ON "payment_gateways" USING btree ("tenant_id","display_name");--> statement-breakpoint
CREATE INDEX "payment_gateways_mode_idx" ON "payment_gateways" USING btree ("tenant_id","mode");--> statement-breakpoint
CREATE INDEX "payment_gateways_currency_idx" ON "payment_gateways" USING btree ("tenant_id","currency");--> statement-breakpoint
CREATE INDEX "payment_transactions_created_idx" ON "payment_transactions" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_transactions_updated_idx" ON "payment_transactions" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "payment_transactions_status_idx" ON "payment_transactions" USING btree ("tenant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "payment_transactions_kind_idx" ON "payment_transactions" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE INDEX "payment_transactions_gateway_idx" ON "payment_transactions" USING btree ("tenant_id","gateway_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_payable_idx" ON "payment_transactions" USING btree ("tenant_id","payable_kind","payable_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_payable_id_idx" ON "payment_transactions" USING btree ("tenant_id","payable_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_mode_idx" ON "payment_transactions" USING btree ("tenant_id","mode");--> statement-breakpoint
CREATE INDEX "payment_transactions_order_idx" ON "payment_transactions" USING btree ("tenant_id","gateway_order_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_payment_idx" ON "payment_transactions" USING btree ("tenant_id","gateway_payment_id");--> statement-breakpoint
CREATE INDEX "payment_transactions_amount_idx" ON "payment_transactions" USING btree ("tenant_id","amount_minor","id");--> statement-breakpoint
CREATE INDEX "payment_transactions_currency_idx" ON "payment_transactions" USING btree ("tenant_id","currency");--> statement-breakpoint
CREATE INDEX "payment_transactions_email_idx" ON "payment_transactions" USING btree ("tenant_id","customer_email");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transactions_idempotency_idx" ON "payment_transactions" USING btree ("tenant_id","idempotency_key");