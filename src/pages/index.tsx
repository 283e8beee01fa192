import React from "react";
import { graphql, Link, type HeadFC, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { PageHero } from "../components/sections/PageHero";
import { InfoFormCta } from "../components/sections/InfoFormCta";
import { TrustBadges } from "../components/sections/TrustBadges";
import { WeekTwoSection } from "../components/sections/WeekTwoSection";
import { StorySection } from "../components/sections/StorySection";
import { PillarCards } from "../components/sections/PillarCards";
import { TestimonialsSection } from "../components/sections/TestimonialsSection";
import { InfoFormSection } from "../components/sections/InfoFormSection";
import { Disclaimer } from "../components/sections/Disclaimer";
import { Icon } from "../components/sections/Icon";
import { useSiteSettings } from "../hooks/useSiteSettings";
import { usePageSeo } from "../hooks/usePageSeo";
import { useNotices } from "../hooks/useNotices";
import { HOME_TESTIMONIAL_COUNT } from "../../common/constants";
import { usePageCopy } from "../hooks/usePageCopy";
import { ROUTES } from "../../common/routes";

export default function HomePage({ data }: PageProps<Queries.HomePageQuery>) {
  const site = useSiteSettings();
  const notices = useNotices();
  const copy = usePageCopy(ROUTES.home, data.homePageCopy);
  return (
    <Layout>
      <PageHero hero={copy.hero}>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-4">
          <InfoFormCta onHomePage>{copy.heroButton}</InfoFormCta>
          <Link
            to={copy.heroLink.to}
            className="btn-secondary border-cream-100/40 text-white hover:border-cream-100 hover:bg-white/5"
          >
            {copy.heroLink.label}
            <Icon name="arrow" className="icon-sm" />
          </Link>
        </div>
        <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-cream-100">
          {copy.heroPoints.map((point) => (
            <li key={point} className="inline-flex items-center gap-2">
              <Icon name="check" className="icon-sm text-ember-300" />
              {point}
            </li>
          ))}
        </ul>
      </PageHero>
      <TrustBadges
        users={site.stats.users}
        usersLabel={copy.badges.usersLabel}
        usersText={copy.badges.usersText}
        usersBasis={site.stats.usersBasis}
        usersEvidence={site.stats.usersEvidence}
        items={copy.badges.items}
      />
      {/* The week-two figure beside the badge; the results after three months stand on the nutrition page. */}
      <WeekTwoSection
        {...copy.results}
        weekTwoPercent={site.stats.weekTwoPercent}
        weekTwoBasis={site.stats.weekTwoBasis}
        weekTwoEvidence={site.stats.weekTwoEvidence}
      />
      <StorySection {...copy.story} />
      <PillarCards {...copy.pillars} />
      <TestimonialsSection
        intro={copy.testimonials}
        testimonials={data.allTestimonial.nodes.slice(0, HOME_TESTIMONIAL_COUNT)}
        checkNote={notices.testimonialCheck}
      />
      <InfoFormSection {...copy.form} />
      <Disclaimer text={notices.disclaimer} detail={notices.disclaimerDetail} className="py-12" />
    </Layout>
  );
}

export const Head: HeadFC<Queries.HomePageQuery> = ({ location, data }) => {
  const seo = usePageSeo(data.homePageCopy?.seo);
  return <Seo title={seo.title} description={seo.description} pathname={location.pathname} />;
};

export const query = graphql`
  query HomePage {
    homePageCopy {
      seo {
        ...PageSeoFields
      }
      hero {
        ...PageHeroFields
      }
      heroButton
      heroLink {
        to
        label
      }
      heroPoints
      badges {
        usersLabel
        usersText
        items {
          title
          text
        }
      }
      results {
        kicker
        title
        intro
        weekTwoLabel
        weekTwoText
        basisLabel
        reference
        referenceLink {
          to
          label
        }
      }
      story {
        kicker
        title
        paragraphs
        quote
        quoteAuthor
        imageAlt
        image {
          childImageSharp {
            gatsbyImageData(
              width: 640
              layout: CONSTRAINED
              placeholder: DOMINANT_COLOR
              formats: [AUTO, AVIF, WEBP]
              sizes: "(min-width: 1024px) 512px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
            )
          }
        }
      }
      pillars {
        kicker
        title
        intro
        items {
          title
          text
          to
          linkLabel
        }
      }
      testimonials {
        ...SectionIntroFields
      }
      form {
        kicker
        title
        intro
        points
        note
      }
    }
    allTestimonial {
      nodes {
        ...TestimonialFields
      }
    }
  }
`;
