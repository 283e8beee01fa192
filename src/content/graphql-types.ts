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
  type Retention { confirmLinkHours: Int!, unconfirmedLeadDays: Int!, contactRequestDays: Int!, sentMailDays: Int! }

  type Testimonial implements Node @dontInfer {
    name: String!
    location: String!
    rating: Int!
    text: String!
    date: Date! @dateformat
  }
  type Recipe implements Node @dontInfer {
    title: String!
    ingredients: [String!]!
    time: Int!
    benefit: String!
    image: File @fileByRelativePath
    imageAlt: String
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
  type MarkdownRemark implements Node {
    frontmatter: LegalFrontmatter!
  }
  type LegalFrontmatter {
    title: String!
    slug: String!
    description: String!
  }
`;
