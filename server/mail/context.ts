/**
 * What composing a mail needs, loaded once at start: the templates, the site settings (sender, owner
 * address, retention periods) and the public address that links in mails point to.
 */
import path from "node:path";
import { readContentFile, readSiteSettings, type SiteSettings } from "../../common/content/read-content";
import { loadTemplates, type Templates } from "../../common/mail/templates";
import { readPlanContent, type PlanContent } from "./plan-content";
import { ROUTES } from "../../common/routes";
import { numberWord } from "../../common/content/placeholders";

export interface MailContext {
  templates: Templates;
  site: SiteSettings;
  /** Origin of links in mails: SITE_URL when set, else `siteUrl` of site.json. */
  siteUrl: string;
  /** The days, recipes and principles the daily plan mails are made of. */
  plan: PlanContent;
  /** The disclaimer and safety note every mail with exercises carries (content/notices.json). */
  safetyNote: string;
  /**
   * The time the outbox works with. Unset (always, outside tests): the database's now(), one clock for
   * every instance. A test sets it to walk through days of the plan without waiting for them.
   */
  clock?: () => Date;
}

export function loadMailContext(contentDir: string, siteUrl?: string): MailContext {
  const site = readSiteSettings(contentDir);
  return {
    templates: loadTemplates(path.join(contentDir, "emails")),
    site,
    siteUrl: (siteUrl ?? site.siteUrl).replace(/\/+$/, ""),
    plan: readPlanContent(contentDir),
    safetyNote: readSafetyNote(contentDir),
  };
}

function readSafetyNote(contentDir: string): string {
  const notices = readContentFile<{ disclaimer: string; disclaimerDetail: string }>(contentDir, "notices.json");
  return `${notices.disclaimer} ${notices.disclaimerDetail}`;
}

/** The placeholders every template may use (`SITE_VALUES` in templates.ts). */
export function siteValues(context: MailContext): Record<string, string> {
  const { site } = context;
  return {
    brand: site.brand,
    company: site.legal.company,
    siteUrl: context.siteUrl,
    ownerEmail: site.email,
    phone: site.phone,
    street: site.address.street,
    postalCode: site.address.postalCode,
    city: site.address.city,
    replyWithinHours: String(site.replyWithinHours),
    planMailTime: site.planMailTime,
    contactRequestDays: String(site.retention.contactRequestDays),
    newslettersPerMonth: numberWord(site.consent.newslettersPerMonth),
    safetyNote: context.safetyNote,
  };
}

export function link(context: MailContext, pathAndQuery: string): string {
  return `${context.siteUrl}${pathAndQuery}`;
}

/** A mail link that carries a token, e.g. to the confirmation endpoint. */
export function tokenLink(context: MailContext, endpoint: string, token: string): string {
  return link(context, `${endpoint}?token=${token}`);
}

/** The three content pages the welcome and plan mails point to. */
export function pageLinks(context: MailContext): { recipesUrl: string; movementUrl: string; nutritionUrl: string } {
  return {
    recipesUrl: link(context, ROUTES.recipes.path),
    movementUrl: link(context, ROUTES.movement.path),
    nutritionUrl: link(context, ROUTES.nutrition.path),
  };
}
