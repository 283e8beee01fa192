/** `leads list`: every lead and contact request as a table on the terminal. */
import type { Command } from "./command";
import { rejectUnknown } from "./command";
import { STATUS_LABELS, germanDateTime, printable, table } from "./format";
import { readContactRequests, readLeads } from "./records";

const MESSAGE_PREVIEW = 60;

export const listCommand: Command = {
  name: "list",
  usage: "list",
  summary: "zeigt alle Leads und Kontaktanfragen",
  async run({ db, args, print }) {
    rejectUnknown(args, []);
    const leads = await readLeads(db);
    print(`Leads (${leads.length})`);
    if (leads.length > 0) {
      print(
        table(
          ["ID", "Status", "Eingetragen", "Bestätigt", "E-Mail", "Name", "Seite"],
          leads.map((lead) => [
            String(lead.id),
            STATUS_LABELS[lead.status],
            germanDateTime(lead.submitted_at),
            germanDateTime(lead.confirmed_at),
            printable(lead.email),
            printable(lead.name ?? ""),
            printable(lead.form_page ?? ""),
          ]),
        ),
      );
    }
    print("");
    const requests = await readContactRequests(db);
    print(`Kontaktanfragen (${requests.length})`);
    if (requests.length > 0) {
      print(
        table(
          ["ID", "Eingegangen", "E-Mail", "Name", "Nachricht"],
          requests.map((request) => [
            String(request.id),
            germanDateTime(request.submitted_at),
            printable(request.email),
            printable(request.name),
            preview(printable(request.message)),
          ]),
        ),
      );
    }
  },
};

function preview(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MESSAGE_PREVIEW ? `${flat.slice(0, MESSAGE_PREVIEW - 1)}…` : flat;
}
