CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"goal_cents" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"story" text NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_goal_cents_check" CHECK (goal_cents > 0),
	CONSTRAINT "campaigns_dates_check" CHECK (ends_on >= starts_on)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_slug_key" ON "campaigns" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_campaign_id_idx" ON "orders" USING btree ("campaign_id") WHERE campaign_id is not null;--> statement-breakpoint
-- Decision 0035: a change to what a campaign has raised (a tagged gift completed, refunded, disputed, or its tag
-- changed) is announced on the "campaigns" channel when its transaction commits, whichever code path made it
-- (the return page, the webhook, a refund at Stripe or from the dashboard). Listeners re-read the figures: the
-- live progress feed, and each instance's page cache, which drops its /donate pages.
CREATE OR REPLACE FUNCTION campaign_gift_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.campaign_id IS NOT NULL AND NEW.status = 'completed' THEN
      PERFORM pg_notify('campaigns', json_build_object('id', NEW.campaign_id)::text);
    END IF;
  ELSIF TG_OP = 'UPDATE' THEN
    IF NEW.status IS DISTINCT FROM OLD.status OR NEW.refunded_amount IS DISTINCT FROM OLD.refunded_amount
      OR NEW.disputed_amount IS DISTINCT FROM OLD.disputed_amount OR NEW.campaign_id IS DISTINCT FROM OLD.campaign_id THEN
      IF NEW.campaign_id IS NOT NULL THEN
        PERFORM pg_notify('campaigns', json_build_object('id', NEW.campaign_id)::text);
      END IF;
      IF OLD.campaign_id IS NOT NULL AND OLD.campaign_id IS DISTINCT FROM NEW.campaign_id THEN
        PERFORM pg_notify('campaigns', json_build_object('id', OLD.campaign_id)::text);
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_campaign_gift_notify AFTER INSERT OR UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION campaign_gift_notify();
