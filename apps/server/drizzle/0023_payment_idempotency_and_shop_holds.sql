ALTER TABLE "payment_transactions" ADD COLUMN "idempotency_hash" text;--> statement-breakpoint
ALTER TABLE "commerce_carts" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "commerce_carts" ADD COLUMN "checkout_key" text;--> statement-breakpoint
ALTER TABLE "commerce_settings" ADD COLUMN "guest_hold_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "commerce_settings" ADD COLUMN "max_units_per_order" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "commerce_settings" ADD COLUMN "max_unpaid_units_per_buyer" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
CREATE INDEX "commerce_orders_unpaid_address_idx" ON "commerce_orders" USING btree ("tenant_id",lower("shipping_address"->>'line1'),("shipping_address"->>'postalCode')) WHERE status = 'pending_payment';