/** The filters of the owner area's lists: the screens offer them, the API accepts only these (schemas.ts). */

export const LEAD_FILTERS = ["alle", "pending", "confirmed", "unsubscribed"] as const;
export type LeadFilter = (typeof LEAD_FILTERS)[number];

export const REQUEST_FILTERS = ["offen", "beantwortet", "alle"] as const;
export type RequestFilter = (typeof REQUEST_FILTERS)[number];
