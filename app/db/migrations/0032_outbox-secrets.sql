-- Decision 0044: a kept message's private strings (a donor link's token), blanked once sent (app/features/email/message.ts).
ALTER TABLE "email_outbox" ADD COLUMN "secrets" text[];
