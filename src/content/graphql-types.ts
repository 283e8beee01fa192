/**
 * Every content type, declared rather than inferred (gatsby-node.ts createSchemaCustomization), so a
 * missing field is a typed null or a clear error, never a query that breaks on the next edit.
 */
export const contentTypeDefs = `
  type SiteSettings implements Node @dontInfer {
    brand: String!
    tagline: String!
    description: String!
    blurb: String!
    siteUrl: String!
    email: String!
    phone: String!
    mailFrom: MailFrom!
    address: PostalAddress!
    openingHours: [OpeningHours!]!
    replyWithinHours: Int!
    replyReminderHours: Int!
    ownerNotification: String!
    planMailTime: String!
    timeZone: String!
    legal: LegalEntity!
    stats: Stats!
    consent: Consent!
    retention: Retention!
  }
  type MailFrom { name: String!, address: String! }
  type PostalAddress { street: String!, postalCode: String!, city: String!, country: String! }
  type OpeningHours { days: String!, hours: String! }
  type LegalEntity {
    company: String!
    representatives: [String!]!
    registerCourt: String!
    registerNumber: String!
    vatId: String!
    editorialResponsible: String!
  }
  type Stats { users: Int!, usersBasis: String!, weekTwoPercent: Int!, weekTwoBasis: String! }
  type Consent { version: String!, text: String! }
  type Retention { confirmLinkHours: Int!, unconfirmedLeadDays: Int!, contactRequestDays: Int!, sentMailDays: Int!, consentProofYears: Int!, auditLogDays: Int! }

  type Testimonial implements Node @dontInfer {
    name: String!
    location: String!
    rating: Int!
    text: String!
    date: Date! @dateformat
    "bewegung or ernaehrung: which sub-page also shows this testimonial"
    topic: String!
  }
  type Recipe implements Node @dontInfer {
    title: String!
    category: String!
    servings: Int!
    ingredients: [String!]!
    steps: [String!]!
    time: Int!
    benefit: String!
    "Drinks only: caffeine in mg per litre; above 150 the page shows the mandatory notice"
    caffeineMgPerLitre: Int
    image: File @fileByRelativePath
    imageAlt: String!
  }
  type MovementDay implements Node @dontInfer {
    day: Int!
    activity: String!
    duration: Int!
    benefit: String!
  }
  type Principle implements Node @dontInfer {
    title: String!
    description: String!
    icon: String!
  }
  type Faq implements Node @dontInfer {
    question: String!
    answer: String!
  }
  type Result implements Node @dontInfer {
    percent: Int!
    label: String!
    basis: String!
  }
  type Notices implements Node @dontInfer {
    disclaimer: String!
    disclaimerDetail: String!
    testimonialCheck: String!
    caffeineWarning: String!
    caffeineFree: String!
  }

  # Page copy: content/pages/<route>.json
  type PageHero {
    kicker: String!
    title: String!
    lead: String!
    image: File @fileByRelativePath
    imageAlt: String
  }
  type SectionIntro { kicker: String!, title: String!, intro: String! }
  type TextSection { kicker: String!, title: String!, paragraphs: [String!]! }
  type CallToAction { title: String!, text: String!, button: String! }
  type TitledText { title: String!, text: String! }
  type TitledList { title: String!, items: [TitledText!]! }
  type PageLink { to: String!, label: String! }
  type LinkCard { to: String!, label: String!, text: String! }

  type HomePageCopy implements Node @dontInfer {
    hero: PageHero!
    heroButton: String!
    heroLink: PageLink!
    heroPoints: [String!]!
    badges: HomeBadges!
    story: HomeStory!
    pillars: HomePillars!
    testimonials: SectionIntro!
    form: HomeForm!
  }
  type HomeBadges { usersLabel: String!, usersText: String!, items: [TitledText!]! }
  type HomeStory {
    kicker: String!
    title: String!
    paragraphs: [String!]!
    quote: String!
    quoteAuthor: String!
    image: File @fileByRelativePath
    imageAlt: String!
  }
  type HomePillars { kicker: String!, title: String!, intro: String!, items: [HomePillar!]! }
  type HomePillar { title: String!, text: String!, to: String!, linkLabel: String! }
  type HomeForm { kicker: String!, title: String!, intro: String!, points: [String!]!, note: String! }

  type PageSeo { title: String!, description: String! }

  type MovementPageCopy implements Node @dontInfer {
    seo: PageSeo!
    hero: PageHero!
    heroButton: String!
    story: TextSection!
    plan: MovementPlanCopy!
    tips: TitledList!
    testimonials: SectionIntro!
    cta: CallToAction!
  }
  type MovementPlanCopy { kicker: String!, title: String!, intro: String!, totalLabel: String!, note: String! }

  type NutritionPageCopy implements Node @dontInfer {
    seo: PageSeo!
    hero: PageHero!
    heroButton: String!
    principles: SectionIntro!
    results: ResultsCopy!
    drink: DrinkCopy!
    comparison: ComparisonCopy!
    testimonials: SectionIntro!
    cta: CallToAction!
  }
  type ResultsCopy {
    kicker: String!
    title: String!
    intro: String!
    weekTwoLabel: String!
    weekTwoText: String!
    basisLabel: String!
  }
  type DrinkCopy { kicker: String!, title: String!, intro: String!, stepsTitle: String!, ingredientsTitle: String! }
  type ComparisonCopy {
    kicker: String!
    title: String!
    intro: String!
    topicLabel: String!
    beforeLabel: String!
    afterLabel: String!
    rows: [ComparisonRow!]!
  }
  type ComparisonRow { topic: String!, before: String!, after: String! }

  type RecipesPageCopy implements Node @dontInfer {
    seo: PageSeo!
    hero: PageHero!
    heroButton: String!
    grid: RecipeGridCopy!
    cta: CallToAction!
  }
  type RecipeGridCopy {
    kicker: String!
    title: String!
    intro: String!
    ingredientsLabel: String!
    stepsLabel: String!
    timeLabel: String!
    servingsLabel: String!
  }

  type ContactPageCopy implements Node @dontInfer {
    seo: PageSeo!
    hero: PageHero!
    email: ContactEmailCopy!
    address: ContactTitle!
    hours: ContactHoursCopy!
    faq: ContactTitle!
    form: ContactFormCopy!
    trust: [TitledText!]!
  }
  type ContactTitle { title: String! }
  type ContactEmailCopy { title: String!, note: String! }
  type ContactHoursCopy { title: String!, note: String! }
  type ContactFormCopy { title: String!, intro: String! }

  type ThanksPageCopy implements Node @dontInfer {
    seo: PageSeo!
    hero: PageHero!
    steps: TitledList!
    links: ThanksLinks!
  }
  type ThanksLinks { title: String!, items: [LinkCard!]! }

  type ConfirmSignupPageCopy implements Node @dontInfer {
    seo: PageSeo!
    hero: PageHero!
    button: String!
    steps: TitledList!
    note: String!
  }

  type UnsubscribePageCopy implements Node @dontInfer {
    seo: PageSeo!
    hero: PageHero!
    button: String!
    note: String!
  }

  type MarkdownRemark implements Node {
    frontmatter: LegalFrontmatter!
  }
  type LegalFrontmatter {
    title: String!
    slug: String!
    description: String!
  }
`;
