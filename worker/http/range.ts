// HTTP Range (RFC 9110 §14) for one resource of a known size. Pure. A single byte range is served;
// a header this code does not understand (several ranges, other units) is ignored, as the RFC allows,
// and the whole resource is served.

export type RangeResult =
  | { kind: "whole" }
  | { kind: "partial"; start: number; end: number }
  /** Syntactically fine but outside the resource: 416 with `Content-Range: bytes *\/size`. */
  | { kind: "unsatisfiable" };

export function parseRange(header: string | null | undefined, size: number): RangeResult {
  if (!header) return { kind: "whole" };
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return { kind: "whole" };
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    return { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return { kind: "unsatisfiable" };
  return { kind: "partial", start, end };
}
