import { graphql, useStaticQuery } from "gatsby";

/** Brand, contact details, legal entity and statistics from content/site.json. */
export function useSiteSettings(): Queries.SiteSettingsQuery["siteSettings"] & object {
  const data = useStaticQuery<Queries.SiteSettingsQuery>(graphql`
    query SiteSettings {
      siteSettings {
        brand
        tagline
        description
        blurb
        siteUrl
        email
        phone
        address {
          street
          postalCode
          city
          country
        }
        openingHours {
          days
          hours
        }
        replyWithinHours
        replyReminderHours
        ownerNotification
        planMailTime
        timeZone
        legal {
          company
          representatives
          registerCourt
          registerNumber
          vatId
          editorialResponsible
        }
        stats {
          users
          usersBasis
          weekTwoPercent
          weekTwoBasis
        }
        consent {
          version
          text
        }
        deployment {
          hostingProvider
          serverLocation
          accessLogDays
          httpsEnforced
          cdn
          mailProvider
          mailboxProvider
          euOnly
          backupLocation
          backupDays
          webhookRecipients
          webhookRetention
          newsletterTool
          hostingCountry
          hostingSafeguard
          cdnCountry
          cdnSafeguard
          mailCountry
          mailSafeguard
          mailboxCountry
          mailboxSafeguard
          webhookCountry
          webhookSafeguard
          newsletterCountry
          newsletterSafeguard
        }
        retention {
          confirmLinkHours
          unconfirmedLeadDays
          contactRequestDays
          sentMailDays
          consentProofYears
          auditLogDays
          visitStatsDays
        }
      }
    }
  `);
  if (!data.siteSettings) throw new Error("content/site.json fehlt");
  return data.siteSettings;
}

export type SiteSettingsData = ReturnType<typeof useSiteSettings>;
