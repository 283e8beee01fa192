/**
 * `leads backup [--out FILE]`: a plain SQL dump of the whole database, also while the server runs; `psql -f`
 * restores it into an empty PostgreSQL database (the way from PGlite to PostgreSQL, docs/production.md).
 */
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { UsageError, option, rejectUnknown, type Command } from "./command";

export const backupCommand: Command = {
  name: "backup",
  usage: "backup [--out DATEI]",
  summary: "sichert die ganze Datenbank als SQL-Datei (auch bei laufendem Server)",
  async run({ db, args, print, cwd }) {
    rejectUnknown(args, ["--out"]);
    const date = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Berlin" }).format(new Date());
    const file = path.resolve(cwd, option(args, "--out") ?? `sicherung-${date}.sql`);
    const existing = await stat(file).catch(() => undefined);
    if (existing?.isDirectory())
      throw new UsageError(`--out nennt das Verzeichnis ${file}; gib eine Datei an, z. B. ${path.join(file, "sicherung.sql")}`);
    await mkdir(path.dirname(file), { recursive: true });
    const started = Date.now();
    try {
      await db.backupTo(file);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EACCES" || code === "EROFS" || code === "ENOSPC")
        throw new Error(`Kann die Sicherung nicht nach ${file} schreiben (${code}).`, { cause: error });
      throw error;
    }
    print(`Sicherung geschrieben: ${file} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    print(`Wiederherstellen in eine leere PostgreSQL-Datenbank: psql "$DATABASE_URL" -v ON_ERROR_STOP=1 -1 -f ${file}`);
  },
};
