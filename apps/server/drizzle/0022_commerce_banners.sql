CREATE TABLE "commerce_banners" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"image" jsonb NOT NULL,
	"mobile_image" jsonb,
	"link_kind" text DEFAULT 'none' NOT NULL,
	"product_id" uuid,
	"category_id" uuid,
	"link_url" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "commerce_banners_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "commerce_banners_window_ck" CHECK ("commerce_banners"."ends_at" is null or "commerce_banners"."starts_at" is null or "commerce_banners"."ends_at" > "commerce_banners"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "commerce_banners" ADD CONSTRAINT "commerce_banners_product_id_fk" FOREIGN KEY ("tenant_id","product_id") REFERENCES "public"."commerce_products"("tenant_id","id") ON DELETE set null (product_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commerce_banners" ADD CONSTRAINT "commerce_banners_category_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."commerce_categories"("tenant_id","id") ON DELETE set null (category_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commerce_banners_created_idx" ON "commerce_banners" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "commerce_banners_updated_idx" ON "commerce_banners" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "commerce_banners_live_idx" ON "commerce_banners" USING btree ("tenant_id","active","sort_order");--> statement-breakpoint
CREATE INDEX "commerce_banners_sort_idx" ON "commerce_banners" USING btree ("tenant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "commerce_banners_title_idx" ON "commerce_banners" USING btree ("tenant_id","title","id");--> statement-breakpoint
CREATE INDEX "commerce_banners_starts_idx" ON "commerce_banners" USING btree ("tenant_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "commerce_banners_ends_idx" ON "commerce_banners" USING btree ("tenant_id","ends_at","id");--> statement-breakpoint
CREATE INDEX "commerce_banners_link_idx" ON "commerce_banners" USING btree ("tenant_id","link_kind");--> statement-breakpoint
CREATE INDEX "commerce_banners_product_idx" ON "commerce_banners" USING btree ("tenant_id","product_id");--> statement-breakpoint
CREATE INDEX "commerce_banners_category_idx" ON "commerce_banners" USING btree ("tenant_id","category_id");