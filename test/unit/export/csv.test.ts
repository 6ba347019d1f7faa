import { describe, expect, it } from "vitest";
import type { CallSummary } from "../../../protocol/call-history";
import { CALLS_CSV_COLUMNS, callsCsv, callsCsvFileName } from "../../../worker/export/calls-csv";
import { csvCell, csvRow } from "../../../worker/export/csv";

/** Splits RFC 4180 text into rows of cells (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}

describe("csv cells", () => {
  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a, b")).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(Number.NaN)).toBe("");
  });

  it("never lets a cell start a formula", () => {
    for (const bad of ["=HYPERLINK(\"x\")", "+15550101234", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) {
      expect(csvCell(bad).replace(/^"/, "").startsWith("'"), bad).toBe(true);
    }
    expect(csvCell("=1,2")).toBe("\"'=1,2\"");
  });

  it("ends rows with CRLF", () => {
    expect(csvRow(["a", 1, null])).toBe("a,1,\r\n");
  });
});

describe("calls csv", () => {
  const call: CallSummary = {
    id: "c1",
    callType: "phone",
    callerVerified: true,
    startTime: Date.UTC(2026, 11, 1, 9, 30),
    endTime: Date.UTC(2026, 11, 1, 9, 31, 15),
    duration: 75,
    fromNumber: "+15550101234",
    echoName: 'Sage, "the calm one"',
    status: "completed",
    echoId: "e1",
    preview: "=cmd|' /C calc'!A0 and more",
    previewTruncated: true,
    summaryText: null,
    safetyAlert: "self_harm",
  };

  it("writes a header and one row per call that reads back as written (formulas guarded)", () => {
    const text = callsCsv([call, { ...call, id: "c2", callType: "browser_test", fromNumber: null, summaryText: "About the week.", safetyAlert: null }]);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([...CALLS_CSV_COLUMNS]);
    expect(rows[1]).toEqual([
      "c1",
      "2026-12-01T09:30:00.000Z",
      "2026-12-01T09:31:15.000Z",
      "75",
      "completed",
      "Phone call",
      'Sage, "the calm one"',
      "'+15550101234",
      "Suicide or self-harm",
      "'=cmd|' /C calc'!A0 and more…",
    ]);
    expect(rows[2]?.slice(5, 10)).toEqual(["Browser test", 'Sage, "the calm one"', "", "", "About the week."]);
    expect(rows).toHaveLength(3);
  });

  it("names the file by the export day", () => {
    expect(callsCsvFileName(Date.UTC(2026, 11, 1, 23, 59))).toBe("echo-calls-2026-12-01.csv");
  });
});
