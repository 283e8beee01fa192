/** The filters of the owner area's lists: the screens offer them, the API accepts only these (schemas.ts). */

export const LEAD_FILTERS = ["alle", "pending", "confirmed", "unsubscribed"] as const;
export type LeadFilter = (typeof LEAD_FILTERS)[number];

/** „spam“: the requests that look automated (server/http/form-post.ts), which every other filter and figure leaves out. */
export const REQUEST_FILTERS = ["offen", "beantwortet", "alle", "spam"] as const;
export type RequestFilter = (typeof REQUEST_FILTERS)[number];
