CREATE INDEX "campaign_bot_messages_direction_idx" ON "campaign_bot_messages" USING btree ("tenant_id","direction");--> statement-breakpoint
CREATE INDEX "campaign_bot_messages_status_idx" ON "campaign_bot_messages" USING btree ("tenant_id","status");--> statement-breakpoint
CREATE INDEX "campaign_bot_rules_active_idx" ON "campaign_bot_rules" USING btree ("tenant_id","active");--> statement-breakpoint
CREATE INDEX "campaign_bot_rules_handOff_idx" ON "campaign_bot_rules" USING btree ("tenant_id","hand_off");--> statement-breakpoint
CREATE INDEX "campaign_drip_enrolments_contactId_idx" ON "campaign_drip_enrolments" USING btree ("tenant_id","contact_id");