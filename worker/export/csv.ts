// CSV (RFC 4180) cells and rows, pure. A cell with a comma, quote or line break is quoted (quotes
// doubled); a cell that a spreadsheet would run as a formula (starting with = + - @, or a tab or
// carriage return before one) gets a leading apostrophe, so opening the file never runs anything
// (OWASP's "CSV injection" advice). Lines end with CRLF.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export function csvRow(cells: ReadonlyArray<string | number | null | undefined>): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}
