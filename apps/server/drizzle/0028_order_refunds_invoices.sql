ALTER TABLE "commerce_order_lines" ADD COLUMN "quantity_refunded" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "commerce_settings" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "commerce_settings" ADD COLUMN "business_address" text;--> statement-breakpoint
ALTER TABLE "commerce_settings" ADD COLUMN "tax_id" text;--> statement-breakpoint
ALTER TABLE "commerce_settings" ADD COLUMN "logo" jsonb;--> statement-breakpoint
ALTER TABLE "commerce_settings" ADD COLUMN "invoice_footer" text;--> statement-breakpoint
ALTER TABLE "commerce_order_lines" ADD CONSTRAINT "commerce_order_lines_refunded_ck" CHECK ("commerce_order_lines"."quantity_refunded" >= 0 and "commerce_order_lines"."quantity_refunded" <= "commerce_order_lines"."quantity");