CREATE TABLE "order_students" (
	"student_name" text PRIMARY KEY NOT NULL,
	"order_count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "orders_student_name_idx" ON "orders" USING btree ("student_name");