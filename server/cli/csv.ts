/**
 * CSV as German Excel opens it by double click: UTF-8 with BOM (else umlauts break), `;` as separator,
 * CRLF line ends. A cell starting with = + - @ (or tab/CR) would run as a formula, so it gets a leading
 * apostrophe: a visitor's "name" must never execute in the owner's spreadsheet.
 */
export type Cell = string | number | null | undefined;

const BOM = "\uFEFF";
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[";\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly Cell[][]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(";"));
  return BOM + lines.map((line) => `${line}\r\n`).join("");
}
