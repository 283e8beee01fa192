/** Above this a drink must carry the caffeine notice (Regulation (EU) No 1169/2011, Annex III 4.1). */
export const CAFFEINE_NOTICE_MG_PER_LITRE = 150;
