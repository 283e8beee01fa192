/** A plain-text table with aligned columns (Markdown-compatible, so it can be pasted into notes). */
export function formatTable(headers: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const cells = [headers, ...rows].map((row) => row.map(String));
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => [...(row[column] ?? "")].length)));
  const numeric = headers.map(
    (_, column) => rows.length > 0 && rows.every((row) => /^[-\d.,/ ≤>✓✗%]+$|^–$/.test(String(row[column]))),
  );
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => (numeric[column] ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join(" | ")} |`;
  const rule = `|${widths.map((width, column) => (numeric[column] ? `${"-".repeat(width + 1)}:` : "-".repeat(width + 2))).join("|")}|`;
  return [line(cells[0]), rule, ...cells.slice(1).map(line)].join("\n");
}
