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
          usersEvidence {
            surveyFrom
            surveyTo
            asked
            answers
          }
          weekTwoPercent
          weekTwoBasis
          weekTwoEvidence {
            surveyFrom
            surveyTo
            asked
            answers
          }
        }
        consent {
          version
          newslettersPerMonth
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
          backupProvider
          checkedOn
          mailTrackingOffOn
          dataProtectionOfficer
          marketSurveillance
          accessibilityCheckedOn
          webhookRecipients
          webhookRetention
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
          contentRepository
          contentRepositoryCountry
          contentRepositorySafeguard
        }
        retention {
          confirmLinkHours
          unconfirmedLeadDays
          contactRequestDays
          sentMailDays
          consentProofYears
          auditLogDays
          visitStatsDays
          leadSourceDays
          undeliverableDays
        }
      }
    }
  `);
  if (!data.siteSettings) throw new Error("content/site.json fehlt");
  return data.siteSettings;
}

export type SiteSettingsData = ReturnType<typeof useSiteSettings>;
