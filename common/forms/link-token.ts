/**
 * The shape of the tokens in confirmation and unsubscribe links (server/services/link-tokens.ts issues them):
 * 32 random bytes in base64url. Shared, so the page with the button and the server check alike.
 */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The token of a link page's address (`?token=…`), or "" when there is none of the right shape. */
export function tokenFromSearch(search: string): string {
  const token = new URLSearchParams(search).get("token") ?? "";
  return LINK_TOKEN_PATTERN.test(token) ? token : "";
}
