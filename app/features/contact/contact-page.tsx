import { ArrowRight, CircleCheck, Clock, Newspaper, Share2 } from "lucide-react";
import { Link } from "react-router";
import { ContentIcon } from "~/features/content/content-icon";
import type { ContactContent } from "~/features/content/schemas";
import { PageHeader, PreviewBanner, Section } from "~/features/shell/page-header";
import { useSite } from "~/features/shell/use-site";
import { buttonVariants } from "~/ui/button";
import { Card, CardDescription, CardHeader, CardTitle } from "~/ui/card";
import { lazyUntilUsed } from "~/ui/lazy-in-browser";
import { LinkButton } from "~/ui/link-button";
import { Notice } from "~/ui/notice";
import type { ContactActionData } from "./action-data";
import { contactOutcomeAnchor } from "./contact-rules";
import { ContactDialog, GetInvolvedButton } from "./get-involved-button";
import { contactSentNotice } from "./notices";

// In the HTML at once, but its code (Conform, about 10 KB) loads when someone reaches for the form (decision 0019).
const ContactForm = lazyUntilUsed(() => import("./contact-form").then((module) => module.ContactForm));

/** For the page's loader: the form's code on the server, so that the form is in the HTML. */
export const preloadContactPage = ContactForm.preload;

/** The /contact page: why to write, press and reply times, and the form (or its thank-you); texts from content/contact.yaml. */
export function ContactPage({
  texts,
  preview,
  actionData,
}: {
  texts: ContactContent;
  preview: string | null;
  actionData: ContactActionData | undefined;
}) {
  const site = useSite();
  const sent = actionData?.status === "success";
  return (
    <>
      <PreviewBanner section={preview} />
      <PageHeader eyebrow={texts.eyebrow} title={texts.title} lead={texts.lead}>
        <GetInvolvedButton label={texts.contactButton} />
        <a
          href={site.socialUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ variant: "outline", size: "lg" })}
        >
          <Share2 aria-hidden="true" />
          {texts.socialButton}
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </PageHeader>

      <Section className="grid gap-10 lg:grid-cols-[1.4fr_1fr]">
        <div>
          <h2 className="text-2xl font-bold tracking-tight text-navy-900">{texts.reasonsHeading}</h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2">
            {texts.reasons.map(({ icon, title, text, linkLabel, linkHref }) => (
              <li key={title} className="flex gap-4 rounded-card border border-border bg-card p-5 shadow-xs">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-citron-100 text-navy-800">
                  <ContentIcon name={icon} className="size-5" />
                </span>
                <div>
                  <h3 className="font-bold text-navy-900">{title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{text}</p>
                  {linkLabel && linkHref ? (
                    <Link
                      to={linkHref}
                      className="mt-1 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900"
                    >
                      {linkLabel}
                      <ArrowRight aria-hidden="true" className="size-4" />
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        </div>
        <div className="grid content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Newspaper className="size-5 text-navy-700" aria-hidden="true" />
                {texts.press.title}
              </CardTitle>
              <CardDescription>{texts.press.text}</CardDescription>
            </CardHeader>
            <a
              href={`mailto:${site.prEmail}`}
              className="font-semibold break-all text-navy-700 underline underline-offset-4 hover:text-navy-900"
            >
              {site.prEmail}
            </a>
          </Card>
          <Card className="bg-sand-100">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Clock className="size-5 text-navy-700" aria-hidden="true" />
                {texts.reply.title}
              </CardTitle>
              <CardDescription className="text-stone-700">{texts.reply.text}</CardDescription>
            </CardHeader>
          </Card>
        </div>
      </Section>

      <div className="border-t border-border bg-card">
        <Section className="max-w-3xl">
          <h2 id={contactOutcomeAnchor} className="scroll-mt-24 text-2xl font-bold tracking-tight text-navy-900">
            {texts.formHeading}
          </h2>
          <p className="mt-2 text-muted-foreground">
            Fields marked <span className="text-destructive">*</span> are required.
          </p>
          {sent ? (
            <Notice tone="success" size="lg" icon={CircleCheck} title={contactSentNotice.title} className="mt-6">
              <p>{contactSentNotice.description}</p>
              {actionData?.status === "success" && actionData.judgeForm ? (
                <p className="mt-2">
                  Thank you for offering to judge!{" "}
                  <a href={actionData.judgeForm} className="font-semibold underline underline-offset-4">
                    Name yourself on our judge form
                  </a>
                  : choose a tournament or any tournament, and confirm by the link we email you.
                </p>
              ) : null}
              <LinkButton to="/contact#contact-form" variant="outline" className="mt-4" reloadDocument>
                Send another message
              </LinkButton>
            </Notice>
          ) : (
            <ContactForm id="contact-form" className="mt-6 scroll-mt-40" lastResult={actionData?.result} />
          )}
        </Section>
      </div>
      <ContactDialog />
    </>
  );
}
