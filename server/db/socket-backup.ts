/**
 * A backup of the PGlite database a running server holds, taken through its socket in short reads. pg_dump
 * reads everything in one transaction, which would hold the site's database for the whole dump; the socket
 * allows a statement or transaction at most SOCKET_HOLD_LIMIT_MS. So the rows are copied table by table, a
 * chunk per statement, into a private PGlite with the same migrations, and pg_dump dumps that copy. Rows
 * written while the copy runs may or may not be in it; a row whose parent (by foreign key) is not in the
 * copy is left out, so the dump always restores.
 */
import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { migrate } from "./migrate";
import { openPglite } from "./pglite";
import type { Queryable } from "./types";

/** Rows per read: a chunk of this site's widest rows (mails) stays well inside the socket's limit. */
const CHUNK_ROWS = 500;

interface Table {
  name: string;
  /** The single-column primary key the chunks follow, if the table has one. */
  key: string | null;
  keyType: string | null;
}

/** Writes a plain SQL dump of `source` (the server's database, through its socket) to `file`. */
export async function backupInChunks(source: Queryable, dataDir: string, file: string): Promise<void> {
  // Beside the database: the copy holds personal data, and the directory is the owner's alone.
  const workDir = await mkdtemp(path.join(dataDir, ".sicherung-"));
  try {
    const copy = await openPglite(workDir);
    try {
      await migrate(copy);
      await requireSameMigrations(source, copy);
      const tables = await readTables(source);
      await copy.transaction(async (tx) => {
        // No foreign key checks while copying: tables arrive in any order, orphans go afterwards.
        await tx.query("SET LOCAL session_replication_role = replica");
        for (const table of tables) await copyTable(source, tx, table);
        await copySequences(source, tx);
      });
      await dropOrphans(copy);
      await copy.backupTo(file);
    } finally {
      await copy.close();
    }
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function requireSameMigrations(source: Queryable, copy: Queryable): Promise<void> {
  const versions = async (db: Queryable) =>
    (await db.query<{ version: string }>("SELECT version FROM schema_migrations ORDER BY version")).rows
      .map((row) => row.version)
      .join(", ");
  const [server, here] = await Promise.all([versions(source), versions(copy)]);
  if (server !== here) {
    throw new Error(
      `Der laufende Server hat die Migrationen ${server}, dieser Befehl kennt ${here}. ` +
        "Starte den Server mit dem aktuellen Stand neu und sichere dann.",
    );
  }
}

async function readTables(source: Queryable): Promise<Table[]> {
  const { rows } = await source.query<{ name: string; key: string | null; key_type: string | null }>(
    `SELECT c.relname AS name, a.attname AS key, format_type(a.atttypid, a.atttypmod) AS key_type
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
       LEFT JOIN pg_index i ON i.indrelid = c.oid AND i.indisprimary AND i.indnatts = 1
       LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = i.indkey[0]
      WHERE c.relkind = 'r'
      ORDER BY c.relname`,
  );
  return rows.map((row) => ({ name: row.name, key: row.key, keyType: row.key_type }));
}

function quoted(identifier: string): string {
  return `"${identifier.replace(/"/g, '""')}"`;
}

async function copyTable(source: Queryable, target: Queryable, table: Table): Promise<void> {
  const name = quoted(table.name);
  await target.query(`DELETE FROM ${name}`);
  const insert = `INSERT INTO ${name} OVERRIDING SYSTEM VALUE SELECT * FROM jsonb_populate_recordset(NULL::${name}, $1::jsonb)`;
  if (!table.key || !table.keyType) {
    // No single-column key to page by: one read (fine for small tables; the socket cancels a long one).
    const { rows } = await source.query<{ row: string }>(`SELECT to_jsonb(t)::text AS row FROM ${name} t`);
    if (rows.length > 0) await target.query(insert, [`[${rows.map((row) => row.row).join(",")}]`]);
    return;
  }
  const key = quoted(table.key);
  const read = `SELECT to_jsonb(t)::text AS row, t.${key}::text AS key FROM ${name} t
    WHERE $1::text IS NULL OR t.${key} > $1::${table.keyType} ORDER BY t.${key} LIMIT ${CHUNK_ROWS}`;
  for (let after: string | null = null; ;) {
    const { rows }: { rows: { row: string; key: string }[] } = await source.query(read, [after]);
    if (rows.length > 0) await target.query(insert, [`[${rows.map((row) => row.row).join(",")}]`]);
    if (rows.length < CHUNK_ROWS) return;
    after = rows[rows.length - 1]!.key;
  }
}

/** Identity counters as the server has them, so ids continue after a restore. */
async function copySequences(source: Queryable, target: Queryable): Promise<void> {
  const { rows } = await source.query<{ name: string; last_value: string | null }>(
    "SELECT sequencename AS name, last_value::text FROM pg_sequences WHERE schemaname = 'public'",
  );
  for (const row of rows) {
    if (row.last_value === null) continue;
    await target.query("SELECT setval(format('%I', $1::text)::regclass, $2::bigint, true)", [row.name, row.last_value]);
  }
}

/** Deletes rows whose foreign key points nowhere in the copy (their parent was deleted or came later). */
async function dropOrphans(copy: Queryable): Promise<void> {
  const { rows: keys } = await copy.query<{ child: string; parent: string; child_columns: string[]; parent_columns: string[] }>(
    `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
            array(SELECT attname FROM unnest(c.conkey) WITH ORDINALITY k(num, ord)
                    JOIN pg_attribute ON attrelid = c.conrelid AND attnum = k.num ORDER BY k.ord)::text[] AS child_columns,
            array(SELECT attname FROM unnest(c.confkey) WITH ORDINALITY k(num, ord)
                    JOIN pg_attribute ON attrelid = c.confrelid AND attnum = k.num ORDER BY k.ord)::text[] AS parent_columns
       FROM pg_constraint c WHERE c.contype = 'f'`,
  );
  // Deleting an orphan can orphan its own children: repeat until nothing is left to delete.
  for (let deleted = true; deleted;) {
    deleted = false;
    for (const key of keys) {
      const childColumns = key.child_columns.map((column) => `c.${quoted(column)}`);
      const parentColumns = key.parent_columns.map((column) => `p.${quoted(column)}`);
      const { rows } = await copy.query(
        `DELETE FROM ${key.child} c
          WHERE ${childColumns.map((column) => `${column} IS NOT NULL`).join(" AND ")}
            AND NOT EXISTS (SELECT 1 FROM ${key.parent} p
                             WHERE (${parentColumns.join(", ")}) = (${childColumns.join(", ")}))
          RETURNING 1`,
      );
      if (rows.length > 0) deleted = true;
    }
  }
}
