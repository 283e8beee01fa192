import React from "react";
import { withPrefix } from "gatsby";
import { tokenFromSearch } from "../../../common/forms/link-token";

/**
 * The one button of a link page ("Anmeldung bestätigen", "Abmelden"): a real form post, so it works
 * without JavaScript. The built page has an empty token field; the server fills it in when it serves the
 * page for a valid link (server/routes/token-pages.ts), and in the browser it comes from the address.
 */
export function TokenForm({ action, button, search }: { action: string; button: string; search: string }) {
  return (
    <form method="post" action={withPrefix(action)} className="mt-8">
      <input type="hidden" name="token" value={tokenFromSearch(search)} />
      <button type="submit" className="btn-primary">
        {button}
      </button>
    </form>
  );
}
