/**
 * Who may enter the owner area and as what: owners (OWNER_EMAILS) see everything; editors
 * (EDITOR_EMAILS) log in the same way but reach only the content screen and their own login settings.
 */
import type { OwnerRole } from "../../common/owner/responses";

export type { OwnerRole };

export interface AreaPeople {
  ownerEmails: readonly string[];
  editorEmails: readonly string[];
}

/** The role of an address, or undefined when it may not log in at all. */
export function roleOf(people: AreaPeople, email: string): OwnerRole | undefined {
  const address = email.trim().toLowerCase();
  if (people.ownerEmails.includes(address)) return "owner";
  if (people.editorEmails.includes(address)) return "editor";
  return undefined;
}

/** Every address that may log in: owners and editors. */
export function areaEmails(people: AreaPeople): string[] {
  return [...people.ownerEmails, ...people.editorEmails];
}
