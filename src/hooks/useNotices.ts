import { graphql, useStaticQuery } from "gatsby";

/** Disclaimer, testimonial check and caffeine texts from content/notices.json, shared by several pages. */
export function useNotices(): Queries.NoticesQuery["notices"] & object {
  const data = useStaticQuery<Queries.NoticesQuery>(graphql`
    query Notices {
      notices {
        disclaimer
        disclaimerDetail
        testimonialCheck
        caffeineWarning
      }
    }
  `);
  if (!data.notices) throw new Error("content/notices.json fehlt");
  return data.notices;
}
