CREATE TABLE "billing_accounts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"legal_name" text NOT NULL,
	"email" text NOT NULL,
	"address" text,
	"country" text NOT NULL,
	"tax_id" text,
	CONSTRAINT "billing_accounts_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "billing_addon_orders" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"addon_code" text NOT NULL,
	"name" text NOT NULL,
	"quota_key" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"units" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"note" text,
	"decision_note" text,
	"invoice_id" text,
	"activated_at" timestamp with time zone,
	CONSTRAINT "billing_addon_orders_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "billing_addons" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"number" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"quota_key" text NOT NULL,
	"units" bigint NOT NULL,
	"description" text,
	"price_minor" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"approval" text DEFAULT 'instant' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "billing_addons_pk" PRIMARY KEY("id")
);
--> statement-breakpoint
CREATE TABLE "billing_charges" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"buyer_tenant_id" uuid NOT NULL,
	"buyer_community" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"description" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"customer_name" text,
	"customer_email" text,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_id" text,
	"paid_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	CONSTRAINT "billing_charges_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "billing_invoice_counter" (
	"id" integer PRIMARY KEY NOT NULL,
	"last" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"purpose" text NOT NULL,
	"issued_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"currency" text NOT NULL,
	"subtotal_minor" integer NOT NULL,
	"tax_name" text,
	"tax_rate_ppm" integer DEFAULT 0 NOT NULL,
	"tax_minor" integer DEFAULT 0 NOT NULL,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"total_minor" integer NOT NULL,
	"effect" jsonb NOT NULL,
	"payment_id" text,
	CONSTRAINT "billing_invoices_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "billing_plans" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"number" integer NOT NULL,
	"description" text,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"regional" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"limits" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"features" text[] DEFAULT '{}' NOT NULL,
	"custom_domain" boolean DEFAULT false NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "billing_plans_pk" PRIMARY KEY("id")
);
--> statement-breakpoint
CREATE TABLE "billing_seller" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"legal_name" text NOT NULL,
	"address" text NOT NULL,
	"country" text NOT NULL,
	"tax_id" text,
	"email" text NOT NULL,
	"invoice_prefix" text DEFAULT 'INV' NOT NULL,
	CONSTRAINT "billing_seller_pk" PRIMARY KEY("id")
);
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"plan_code" text NOT NULL,
	"period" text NOT NULL,
	"currency" text NOT NULL,
	"price_minor" integer NOT NULL,
	"status" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"pending_plan_code" text,
	"pending_period" text,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"grace_until" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "billing_subscriptions_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "billing_tax_rates" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"country" text NOT NULL,
	"name" text NOT NULL,
	"rate_ppm" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "billing_tax_rates_pk" PRIMARY KEY("id")
);
--> statement-breakpoint
CREATE TABLE "billing_usage" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"key" text NOT NULL,
	"used" bigint DEFAULT 0 NOT NULL,
	"period_start" timestamp with time zone,
	CONSTRAINT "billing_usage_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "billing_accounts_created_idx" ON "billing_accounts" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "billing_accounts_updated_idx" ON "billing_accounts" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_accounts_one_idx" ON "billing_accounts" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "billing_accounts_legal_name_idx" ON "billing_accounts" USING btree ("tenant_id","legal_name","id");--> statement-breakpoint
CREATE INDEX "billing_addon_orders_created_idx" ON "billing_addon_orders" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "billing_addon_orders_updated_idx" ON "billing_addon_orders" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "billing_addon_orders_status_idx" ON "billing_addon_orders" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "billing_addon_orders_quota_idx" ON "billing_addon_orders" USING btree ("tenant_id","quota_key");--> statement-breakpoint
CREATE INDEX "billing_addon_orders_name_idx" ON "billing_addon_orders" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "billing_addons_created_idx" ON "billing_addons" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "billing_addons_updated_idx" ON "billing_addons" USING btree ("updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_addons_code_idx" ON "billing_addons" USING btree ("code");--> statement-breakpoint
CREATE INDEX "billing_addons_number_idx" ON "billing_addons" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "billing_addons_name_idx" ON "billing_addons" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "billing_addons_kind_idx" ON "billing_addons" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "billing_addons_active_idx" ON "billing_addons" USING btree ("active");--> statement-breakpoint
CREATE INDEX "billing_addons_approval_idx" ON "billing_addons" USING btree ("approval");--> statement-breakpoint
CREATE INDEX "billing_charges_created_idx" ON "billing_charges" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "billing_charges_updated_idx" ON "billing_charges" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_charges_invoice_idx" ON "billing_charges" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE INDEX "billing_charges_status_idx" ON "billing_charges" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "billing_invoices_created_idx" ON "billing_invoices" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "billing_invoices_updated_idx" ON "billing_invoices" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "billing_invoices_status_idx" ON "billing_invoices" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "billing_invoices_number_idx" ON "billing_invoices" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "billing_invoices_purpose_idx" ON "billing_invoices" USING btree ("tenant_id","purpose");--> statement-breakpoint
CREATE INDEX "billing_invoices_issued_idx" ON "billing_invoices" USING btree ("tenant_id","issued_at","id");--> statement-breakpoint
CREATE INDEX "billing_invoices_total_idx" ON "billing_invoices" USING btree ("tenant_id","total_minor","id");--> statement-breakpoint
CREATE INDEX "billing_plans_created_idx" ON "billing_plans" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "billing_plans_updated_idx" ON "billing_plans" USING btree ("updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_plans_code_idx" ON "billing_plans" USING btree ("code");--> statement-breakpoint
CREATE INDEX "billing_plans_number_idx" ON "billing_plans" USING btree ("number","id");--> statement-breakpoint
CREATE INDEX "billing_plans_name_idx" ON "billing_plans" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "billing_plans_active_idx" ON "billing_plans" USING btree ("active");--> statement-breakpoint
CREATE INDEX "billing_seller_created_idx" ON "billing_seller" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "billing_seller_updated_idx" ON "billing_seller" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "billing_seller_legal_name_idx" ON "billing_seller" USING btree ("legal_name","id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_created_idx" ON "billing_subscriptions" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_updated_idx" ON "billing_subscriptions" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_subscriptions_one_idx" ON "billing_subscriptions" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_due_idx" ON "billing_subscriptions" USING btree ("period_end");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_status_idx" ON "billing_subscriptions" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "billing_subscriptions_period_end_idx" ON "billing_subscriptions" USING btree ("tenant_id","period_end","id");--> statement-breakpoint
CREATE INDEX "billing_tax_rates_created_idx" ON "billing_tax_rates" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "billing_tax_rates_updated_idx" ON "billing_tax_rates" USING btree ("updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_tax_rates_country_idx" ON "billing_tax_rates" USING btree ("country");--> statement-breakpoint
CREATE INDEX "billing_tax_rates_active_idx" ON "billing_tax_rates" USING btree ("active");--> statement-breakpoint
CREATE INDEX "billing_usage_created_idx" ON "billing_usage" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "billing_usage_updated_idx" ON "billing_usage" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_usage_key_idx" ON "billing_usage" USING btree ("tenant_id","key");--> statement-breakpoint
INSERT INTO "billing_invoice_counter" ("id", "last") VALUES (1, 0) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The platform's next invoice number, taken in the caller's (a community's) transaction: the app role
-- may only read the counter, so the function runs as its owner; the row stays locked until that
-- transaction ends, and a rollback gives the number back (invoice numbers have no gaps).
CREATE OR REPLACE FUNCTION billing_next_invoice_number() RETURNS bigint
  LANGUAGE sql SECURITY DEFINER SET search_path = public
  AS $$ UPDATE billing_invoice_counter SET last = last + 1 WHERE id = 1 RETURNING last $$;
