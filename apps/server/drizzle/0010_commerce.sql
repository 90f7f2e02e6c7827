CREATE TABLE "commerce_addresses" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" uuid NOT NULL,
	"label" text,
	"name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"state" text,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"phone" text,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "commerce_addresses_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "commerce_attribute_values" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attribute_id" uuid NOT NULL,
	"value" text NOT NULL,
	"slug" text NOT NULL,
	"swatch" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "commerce_attribute_values_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "commerce_attributes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"display" text DEFAULT 'buttons' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "commerce_attributes_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "commerce_cart_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cart_id" uuid NOT NULL,
	"variation_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"seen_unit_price" integer NOT NULL,
	"extras" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "commerce_cart_lines_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "commerce_cart_lines_quantity_ck" CHECK ("commerce_cart_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "commerce_carts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"coupon_code" text,
	"email" text,
	"touched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commerce_carts_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "commerce_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"parent_id" uuid,
	"image" jsonb,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"seo_title" text,
	"seo_description" text,
	"seo_meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "commerce_categories_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "commerce_coupon_redemptions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid,
	"email" text NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "commerce_coupon_redemptions_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "commerce_coupons" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"kind" text NOT NULL,
	"rate_ppm" integer,
	"amount" integer,
	"minimum_subtotal" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"usage_limit_per_customer" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"product_ids" uuid[] DEFAULT '{}' NOT NULL,
	"category_ids" uuid[] DEFAULT '{}' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "commerce_coupons_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "commerce_coupons_value_ck" CHECK (("commerce_coupons"."kind" <> 'percentage' or ("commerce_coupons"."rate_ppm" > 0 and "commerce_coupons"."rate_ppm" <= 1000000)) and ("commerce_coupons"."kind" <> 'fixed_amount' or "commerce_coupons"."amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "commerce_customer_sessions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "commerce_customer_sessions_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "commerce_customers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"password_hash" text,
	"status" text DEFAULT 'active' NOT NULL,
	"accepts_marketing" boolean DEFAULT false NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "commerce_customers_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "commerce_dispatches" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text DEFAULT 'dispatched' NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text,
	"tracking_url" text,
	"lines" jsonb NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "commerce_dispatches_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "commerce_order_events" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"message" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "commerce_order_events_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "commerce_order_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" uuid NOT NULL,
	"product_id" uuid,
	"variation_id" uuid,
	"title" text NOT NULL,
	"variation_title" text DEFAULT '' NOT NULL,
	"sku" text NOT NULL,
	"image" text,
	"unit_price" integer NOT NULL,
	"quantity" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"tax_class" text NOT NULL,
	"rate_ppm" integer DEFAULT 0 NOT NULL,
	"net" integer DEFAULT 0 NOT NULL,
	"tax" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"quantity_dispatched" integer DEFAULT 0 NOT NULL,
	"quantity_returned" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "commerce_order_lines_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "commerce_order_lines_quantity_ck" CHECK ("commerce_order_lines"."quantity" > 0),
	CONSTRAINT "commerce_order_lines_fulfilment_ck" CHECK ("commerce_order_lines"."quantity_dispatched" >= 0 and "commerce_order_lines"."quantity_dispatched" <= "commerce_order_lines"."quantity" and "commerce_order_lines"."quantity_returned" >= 0 and "commerce_order_lines"."quantity_returned" <= "commerce_order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "commerce_orders" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" integer NOT NULL,
	"reference" text NOT NULL,
	"customer_id" uuid,
	"email" text NOT NULL,
	"customer_name" text NOT NULL,
	"phone" text,
	"status" text DEFAULT 'pending_payment' NOT NULL,
	"currency" text NOT NULL,
	"prices_include_tax" boolean NOT NULL,
	"subtotal" integer DEFAULT 0 NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"shipping" integer DEFAULT 0 NOT NULL,
	"tax" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"coupon_code" text,
	"shipping_address" jsonb NOT NULL,
	"billing_address" jsonb,
	"tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"pay_by" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "commerce_orders_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "commerce_products" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"brand" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"category_id" uuid,
	"tag_ids" uuid[] DEFAULT '{}' NOT NULL,
	"attribute_ids" uuid[] DEFAULT '{}' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tax_class" text DEFAULT 'standard' NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"min_price" integer DEFAULT 0 NOT NULL,
	"max_price" integer DEFAULT 0 NOT NULL,
	"rating_average" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"seo_title" text,
	"seo_description" text,
	"seo_meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "commerce_products_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "commerce_returns" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text,
	"lines" jsonb NOT NULL,
	"refund_amount" integer DEFAULT 0 NOT NULL,
	"refund_tax" integer DEFAULT 0 NOT NULL,
	"notes" text,
	"received_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "commerce_returns_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "commerce_reviews" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"product_id" uuid NOT NULL,
	"customer_id" uuid,
	"author_name" text NOT NULL,
	"rating" integer NOT NULL,
	"title" text,
	"body" text,
	"verified_purchase" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	CONSTRAINT "commerce_reviews_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "commerce_reviews_rating_ck" CHECK ("commerce_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "commerce_settings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"prices_include_tax" boolean DEFAULT true NOT NULL,
	"order_prefix" text DEFAULT '#' NOT NULL,
	"next_order_number" integer DEFAULT 1001 NOT NULL,
	"shipping_price" integer DEFAULT 0 NOT NULL,
	"free_shipping_from" integer,
	"shipping_tax_class" text,
	"payment_window_minutes" integer DEFAULT 60 NOT NULL,
	"country" text DEFAULT 'IN' NOT NULL,
	CONSTRAINT "commerce_settings_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "commerce_tags" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "commerce_tags_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "commerce_tax_rates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"country" text,
	"state" text,
	"tax_class" text DEFAULT 'standard' NOT NULL,
	"rate_ppm" integer NOT NULL,
	CONSTRAINT "commerce_tax_rates_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "commerce_tax_rates_rate_ck" CHECK ("commerce_tax_rates"."rate_ppm" >= 0 and "commerce_tax_rates"."rate_ppm" <= 1000000)
);
--> statement-breakpoint
CREATE TABLE "commerce_variations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"attribute_value_ids" uuid[] DEFAULT '{}' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"compare_at_price" integer,
	"cost" integer,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"track_stock" boolean DEFAULT true NOT NULL,
	"weight_grams" integer,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "commerce_variations_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "commerce_variations_stock_ck" CHECK ("commerce_variations"."reserved" >= 0 and "commerce_variations"."reserved" <= "commerce_variations"."on_hand"),
	CONSTRAINT "commerce_variations_price_ck" CHECK ("commerce_variations"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "commerce_wishlist_items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "commerce_wishlist_items_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "commerce_addresses" ADD CONSTRAINT "commerce_addresses_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."commerce_customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_attribute_values" ADD CONSTRAINT "commerce_attribute_values_attribute_id_fk" FOREIGN KEY ("tenant_id","attribute_id") REFERENCES "public"."commerce_attributes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_cart_lines" ADD CONSTRAINT "commerce_cart_lines_cart_id_fk" FOREIGN KEY ("tenant_id","cart_id") REFERENCES "public"."commerce_carts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_cart_lines" ADD CONSTRAINT "commerce_cart_lines_variation_id_fk" FOREIGN KEY ("tenant_id","variation_id") REFERENCES "public"."commerce_variations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_carts" ADD CONSTRAINT "commerce_carts_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."commerce_customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_categories" ADD CONSTRAINT "commerce_categories_parent_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."commerce_categories"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_coupon_redemptions" ADD CONSTRAINT "commerce_coupon_redemptions_coupon_id_fk" FOREIGN KEY ("tenant_id","coupon_id") REFERENCES "public"."commerce_coupons"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_coupon_redemptions" ADD CONSTRAINT "commerce_coupon_redemptions_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."commerce_orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_coupon_redemptions" ADD CONSTRAINT "commerce_coupon_redemptions_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."commerce_customers"("tenant_id","id") ON DELETE set null (customer_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_customer_sessions" ADD CONSTRAINT "commerce_customer_sessions_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."commerce_customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_dispatches" ADD CONSTRAINT "commerce_dispatches_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."commerce_orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_order_events" ADD CONSTRAINT "commerce_order_events_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."commerce_orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_order_events" ADD CONSTRAINT "commerce_order_events_actor_id_fk" FOREIGN KEY ("tenant_id","actor_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE set null (actor_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_order_lines" ADD CONSTRAINT "commerce_order_lines_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."commerce_orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_order_lines" ADD CONSTRAINT "commerce_order_lines_product_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."commerce_products"("tenant_id","id") ON DELETE set null (product_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_order_lines" ADD CONSTRAINT "commerce_order_lines_variation_id_fk" FOREIGN KEY ("tenant_id","variation_id") REFERENCES "public"."commerce_variations"("tenant_id","id") ON DELETE set null (variation_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_orders" ADD CONSTRAINT "commerce_orders_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."commerce_customers"("tenant_id","id") ON DELETE set null (customer_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_products" ADD CONSTRAINT "commerce_products_category_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."commerce_categories"("tenant_id","id") ON DELETE set null (category_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_returns" ADD CONSTRAINT "commerce_returns_order_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."commerce_orders"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_returns" ADD CONSTRAINT "commerce_returns_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."commerce_customers"("tenant_id","id") ON DELETE set null (customer_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_reviews" ADD CONSTRAINT "commerce_reviews_product_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."commerce_products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_reviews" ADD CONSTRAINT "commerce_reviews_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."commerce_customers"("tenant_id","id") ON DELETE set null (customer_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_variations" ADD CONSTRAINT "commerce_variations_product_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."commerce_products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_wishlist_items" ADD CONSTRAINT "commerce_wishlist_items_customer_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."commerce_customers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_wishlist_items" ADD CONSTRAINT "commerce_wishlist_items_product_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."commerce_products"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commerce_addresses_created_idx" ON "commerce_addresses" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_addresses_updated_idx" ON "commerce_addresses" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "commerce_addresses_customer_idx" ON "commerce_addresses" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "commerce_addresses_name_idx" ON "commerce_addresses" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "commerce_attribute_values_created_idx" ON "commerce_attribute_values" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_attribute_values_updated_idx" ON "commerce_attribute_values" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_attribute_values_slug_uq" ON "commerce_attribute_values" USING btree ("tenant_id","attribute_id","slug");--> statement-breakpoint
CREATE INDEX "commerce_attribute_values_attribute_idx" ON "commerce_attribute_values" USING btree ("tenant_id","attribute_id","sort_order");--> statement-breakpoint
CREATE INDEX "commerce_attribute_values_value_idx" ON "commerce_attribute_values" USING btree ("tenant_id","value","id");--> statement-breakpoint
CREATE INDEX "commerce_attribute_values_sort_idx" ON "commerce_attribute_values" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "commerce_attributes_created_idx" ON "commerce_attributes" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_attributes_updated_idx" ON "commerce_attributes" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_attributes_slug_uq" ON "commerce_attributes" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "commerce_attributes_name_idx" ON "commerce_attributes" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "commerce_attributes_sort_idx" ON "commerce_attributes" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "commerce_cart_lines_created_idx" ON "commerce_cart_lines" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_cart_lines_updated_idx" ON "commerce_cart_lines" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_cart_lines_uq" ON "commerce_cart_lines" USING btree ("tenant_id","cart_id","variation_id");--> statement-breakpoint
CREATE INDEX "commerce_cart_lines_variation_idx" ON "commerce_cart_lines" USING btree ("tenant_id","variation_id");--> statement-breakpoint
CREATE INDEX "commerce_carts_created_idx" ON "commerce_carts" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_carts_updated_idx" ON "commerce_carts" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "commerce_carts_customer_idx" ON "commerce_carts" USING btree ("tenant_id","customer_id","status");--> statement-breakpoint
CREATE INDEX "commerce_carts_status_idx" ON "commerce_carts" USING btree ("tenant_id","status","touched_at");--> statement-breakpoint
CREATE INDEX "commerce_categories_created_idx" ON "commerce_categories" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_categories_updated_idx" ON "commerce_categories" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_categories_slug_uq" ON "commerce_categories" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "commerce_categories_name_idx" ON "commerce_categories" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "commerce_categories_parent_idx" ON "commerce_categories" USING btree ("tenant_id","parent_id","sort_order");--> statement-breakpoint
CREATE INDEX "commerce_categories_sort_idx" ON "commerce_categories" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "commerce_categories_active_idx" ON "commerce_categories" USING btree ("tenant_id","active");--> statement-breakpoint
CREATE INDEX "commerce_coupon_redemptions_created_idx" ON "commerce_coupon_redemptions" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_coupon_redemptions_updated_idx" ON "commerce_coupon_redemptions" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_coupon_redemptions_uq" ON "commerce_coupon_redemptions" USING btree ("tenant_id","coupon_id","order_id");--> statement-breakpoint
CREATE INDEX "commerce_coupon_redemptions_customer_idx" ON "commerce_coupon_redemptions" USING btree ("tenant_id","coupon_id","email");--> statement-breakpoint
CREATE INDEX "commerce_coupons_created_idx" ON "commerce_coupons" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_coupons_updated_idx" ON "commerce_coupons" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_coupons_code_uq" ON "commerce_coupons" USING btree ("tenant_id","code");--> statement-breakpoint
CREATE INDEX "commerce_coupons_kind_idx" ON "commerce_coupons" USING btree ("tenant_id","kind");--> statement-breakpoint
CREATE INDEX "commerce_coupons_active_idx" ON "commerce_coupons" USING btree ("tenant_id","active","ends_at");--> statement-breakpoint
CREATE INDEX "commerce_customer_sessions_created_idx" ON "commerce_customer_sessions" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_customer_sessions_updated_idx" ON "commerce_customer_sessions" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_customer_sessions_token_uq" ON "commerce_customer_sessions" USING btree ("tenant_id","token_hash");--> statement-breakpoint
CREATE INDEX "commerce_customer_sessions_customer_idx" ON "commerce_customer_sessions" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "commerce_customers_created_idx" ON "commerce_customers" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_customers_updated_idx" ON "commerce_customers" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_customers_email_uq" ON "commerce_customers" USING btree ("tenant_id","email");--> statement-breakpoint
CREATE INDEX "commerce_customers_name_idx" ON "commerce_customers" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "commerce_customers_status_idx" ON "commerce_customers" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "commerce_dispatches_created_idx" ON "commerce_dispatches" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_dispatches_updated_idx" ON "commerce_dispatches" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "commerce_dispatches_order_idx" ON "commerce_dispatches" USING btree ("tenant_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "commerce_dispatches_status_idx" ON "commerce_dispatches" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "commerce_dispatches_tracking_idx" ON "commerce_dispatches" USING btree ("tenant_id","tracking_number");--> statement-breakpoint
CREATE INDEX "commerce_order_events_created_idx" ON "commerce_order_events" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_order_events_updated_idx" ON "commerce_order_events" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "commerce_order_events_order_idx" ON "commerce_order_events" USING btree ("tenant_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "commerce_order_lines_created_idx" ON "commerce_order_lines" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_order_lines_updated_idx" ON "commerce_order_lines" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "commerce_order_lines_order_idx" ON "commerce_order_lines" USING btree ("tenant_id","order_id","position");--> statement-breakpoint
CREATE INDEX "commerce_order_lines_product_idx" ON "commerce_order_lines" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "commerce_order_lines_variation_idx" ON "commerce_order_lines" USING btree ("tenant_id","variation_id");--> statement-breakpoint
CREATE INDEX "commerce_orders_created_idx" ON "commerce_orders" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_orders_updated_idx" ON "commerce_orders" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_orders_number_uq" ON "commerce_orders" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "commerce_orders_status_idx" ON "commerce_orders" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "commerce_orders_customer_idx" ON "commerce_orders" USING btree ("tenant_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "commerce_orders_email_idx" ON "commerce_orders" USING btree ("tenant_id","email","id");--> statement-breakpoint
CREATE INDEX "commerce_orders_total_idx" ON "commerce_orders" USING btree ("tenant_id","total","id");--> statement-breakpoint
CREATE INDEX "commerce_orders_pay_by_idx" ON "commerce_orders" USING btree ("tenant_id","pay_by") WHERE status = 'pending_payment';--> statement-breakpoint
CREATE INDEX "commerce_products_created_idx" ON "commerce_products" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_products_updated_idx" ON "commerce_products" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_products_slug_uq" ON "commerce_products" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "commerce_products_title_idx" ON "commerce_products" USING btree ("tenant_id","title","id");--> statement-breakpoint
CREATE INDEX "commerce_products_status_idx" ON "commerce_products" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "commerce_products_category_idx" ON "commerce_products" USING btree ("tenant_id","category_id","created_at");--> statement-breakpoint
CREATE INDEX "commerce_products_price_idx" ON "commerce_products" USING btree ("tenant_id","min_price","id");--> statement-breakpoint
CREATE INDEX "commerce_products_rating_idx" ON "commerce_products" USING btree ("tenant_id","rating_average","id");--> statement-breakpoint
CREATE INDEX "commerce_products_brand_idx" ON "commerce_products" USING btree ("tenant_id","brand");--> statement-breakpoint
CREATE INDEX "commerce_products_featured_idx" ON "commerce_products" USING btree ("tenant_id","featured");--> statement-breakpoint
CREATE INDEX "commerce_products_tags_idx" ON "commerce_products" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "commerce_returns_created_idx" ON "commerce_returns" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_returns_updated_idx" ON "commerce_returns" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "commerce_returns_order_idx" ON "commerce_returns" USING btree ("tenant_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "commerce_returns_status_idx" ON "commerce_returns" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "commerce_returns_customer_idx" ON "commerce_returns" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "commerce_reviews_created_idx" ON "commerce_reviews" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_reviews_updated_idx" ON "commerce_reviews" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "commerce_reviews_product_idx" ON "commerce_reviews" USING btree ("tenant_id","product_id","status","created_at");--> statement-breakpoint
CREATE INDEX "commerce_reviews_status_idx" ON "commerce_reviews" USING btree ("tenant_id","status","created_at");--> statement-breakpoint
CREATE INDEX "commerce_reviews_rating_idx" ON "commerce_reviews" USING btree ("tenant_id","rating","id");--> statement-breakpoint
CREATE INDEX "commerce_reviews_customer_idx" ON "commerce_reviews" USING btree ("tenant_id","customer_id");--> statement-breakpoint
CREATE INDEX "commerce_settings_created_idx" ON "commerce_settings" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_settings_updated_idx" ON "commerce_settings" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_settings_tenant_uq" ON "commerce_settings" USING btree ("tenant_id");--> statement-breakpoint
CREATE INDEX "commerce_tags_created_idx" ON "commerce_tags" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_tags_updated_idx" ON "commerce_tags" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_tags_slug_uq" ON "commerce_tags" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "commerce_tags_name_idx" ON "commerce_tags" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "commerce_tax_rates_created_idx" ON "commerce_tax_rates" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_tax_rates_updated_idx" ON "commerce_tax_rates" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_tax_rates_region_uq" ON "commerce_tax_rates" USING btree ("tenant_id","tax_class","country","state");--> statement-breakpoint
CREATE INDEX "commerce_tax_rates_name_idx" ON "commerce_tax_rates" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "commerce_variations_created_idx" ON "commerce_variations" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_variations_updated_idx" ON "commerce_variations" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_variations_sku_uq" ON "commerce_variations" USING btree ("tenant_id","sku");--> statement-breakpoint
CREATE INDEX "commerce_variations_product_idx" ON "commerce_variations" USING btree ("tenant_id","product_id","position");--> statement-breakpoint
CREATE INDEX "commerce_variations_price_idx" ON "commerce_variations" USING btree ("tenant_id","price","id");--> statement-breakpoint
CREATE INDEX "commerce_variations_stock_idx" ON "commerce_variations" USING btree ("tenant_id","on_hand","id");--> statement-breakpoint
CREATE INDEX "commerce_variations_values_idx" ON "commerce_variations" USING gin ("attribute_value_ids");--> statement-breakpoint
CREATE INDEX "commerce_wishlist_items_created_idx" ON "commerce_wishlist_items" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_wishlist_items_updated_idx" ON "commerce_wishlist_items" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "commerce_wishlist_items_uq" ON "commerce_wishlist_items" USING btree ("tenant_id","customer_id","product_id");--> statement-breakpoint
CREATE INDEX "commerce_wishlist_items_product_idx" ON "commerce_wishlist_items" USING btree ("tenant_id","product_id");