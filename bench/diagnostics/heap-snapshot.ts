// What a V8 heap snapshot holds, by kind of object: count and bytes per node type and name (strings
// grouped by length), biggest first — to see what the garbage collector has to walk and copy.

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export interface HeapGroup {
  kind: string;
  count: number;
  bytes: number;
}

const STRING_TYPES = new Set(["string", "concatenated string", "sliced string"]);

export function heapGroups(json: string): { total: number; nodes: number; groups: HeapGroup[] } {
  const s = JSON.parse(json) as Snapshot;
  const fields = s.snapshot.meta.node_fields;
  const types = s.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ["type", "name", "self_size"].map((f) => fields.indexOf(f)) as [number, number, number];
  const groups = new Map<string, HeapGroup>();
  let total = 0;
  for (let i = 0; i < s.nodes.length; i += fields.length) {
    const type = types[s.nodes[i + typeAt]!] ?? "?";
    const name = s.strings[s.nodes[i + nameAt]!] ?? "";
    const kind = STRING_TYPES.has(type) ? `${type}, ~${Math.round(name.length / 100) * 100} chars` : `${type}: ${name.slice(0, 60)}`;
    const bytes = s.nodes[i + sizeAt]!;
    const g = groups.get(kind) ?? { kind, count: 0, bytes: 0 };
    g.count++;
    g.bytes += bytes;
    groups.set(kind, g);
    total += bytes;
  }
  return { total, nodes: s.nodes.length / fields.length, groups: [...groups.values()].sort((a, b) => b.bytes - a.bytes) };
}
