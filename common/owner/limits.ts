/** The owner area's limits, shared by the server (which enforces them) and the screens (which name them). */

/** A login link is valid this long, and once. */
export const LOGIN_LINK_MINUTES = 10;
/** A session ends this long after login at the latest … */
export const SESSION_MAX_HOURS = 12;
/** … or after this long without a request. */
export const SESSION_IDLE_MINUTES = 30;
/** Adding or removing a passkey, the export, an erasure, unsubscribing a person, enabling a webhook receiver: login at most this old. */
export const RECENT_LOGIN_MINUTES = 5;

/** The longest search in the inbox, in characters. */
export const SEARCH_MAX_LENGTH = 100;
/** The longest webhook receiver address the owner can name (to enable it again). */
export const WEBHOOK_URL_MAX = 2048;
/** The owner's note on how a withdrawal came in („per E-Mail am 26.11.“), kept in the audit log. */
export const UNSUBSCRIBE_NOTE_MAX = 200;
