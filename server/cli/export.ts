/**
 * `leads export --csv [--out DIR]`: two spreadsheet files, leads-DATE.csv and kontaktanfragen-DATE.csv.
 * Files rather than standard output, since npm prints its own lines there; readable only by the owner,
 * since they hold personal data.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Command } from "./command";
import { UsageError, option, rejectUnknown } from "./command";
import { toCsv } from "./csv";
import { STATUS_LABELS, germanDateTime } from "./format";
import { readContactRequests, readLeads } from "./records";

export const exportCommand: Command = {
  name: "export",
  usage: "export --csv [--out VERZEICHNIS]",
  summary: "schreibt Leads und Kontaktanfragen als CSV-Dateien (für Excel)",
  async run({ db, args, print, cwd }) {
    rejectUnknown(args, ["--csv", "--out"]);
    if (!args.includes("--csv")) throw new UsageError("Bitte gib das Format an: export --csv");
    const directory = path.resolve(cwd, option(args, "--out") ?? ".");
    await mkdir(directory, { recursive: true });
    const date = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(new Date());

    const leads = await readLeads(db);
    const leadFile = path.join(directory, `leads-${date}.csv`);
    const leadCsv = toCsv(
      [
        "ID",
        "E-Mail",
        "Name",
        "Status",
        "Eingetragen am",
        "Bestätigt am",
        "Formularseite",
        "Version Einwilligungstext",
        "Version Datenschutzerklärung",
      ],
      leads.map((lead) => [
        lead.id,
        lead.email,
        lead.name,
        STATUS_LABELS[lead.status],
        germanDateTime(lead.submitted_at),
        germanDateTime(lead.confirmed_at),
        lead.form_page,
        lead.consent_text_version,
        lead.privacy_version,
      ]),
    );
    await writeFile(leadFile, leadCsv, { mode: 0o600 });
    print(`${leads.length} Leads → ${leadFile}`);

    const requests = await readContactRequests(db);
    const contactFile = path.join(directory, `kontaktanfragen-${date}.csv`);
    const contactCsv = toCsv(
      ["ID", "E-Mail", "Name", "Nachricht", "Eingegangen am", "Formularseite"],
      requests.map((request) => [
        request.id,
        request.email,
        request.name,
        request.message,
        germanDateTime(request.submitted_at),
        request.form_page,
      ]),
    );
    await writeFile(contactFile, contactCsv, { mode: 0o600 });
    print(`${requests.length} Kontaktanfragen → ${contactFile}`);
  },
};
