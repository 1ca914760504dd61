// The order in which a group of fields (one step, or a single-step form) must be settled so that a
// field is only looked at after every field its conditions read. With that order one pass settles
// visibility: a field hidden because another was cleared is cleared too, however long the chain.
// A cycle (a field that, through other fields, reads itself) has no such order and no stable meaning;
// checkDefinition rejects it with dependencyCycles, and for an unchecked definition the engine puts
// the fields of a cycle in document order.

/** One field of a group: its key and the keys its own show/showAny conditions read. */
export interface DependencyNode {
  key: string;
  reads: readonly string[];
}

/** Reads as indexes within the group; reads of keys outside it belong to earlier steps and are dropped. */
function edges(nodes: readonly DependencyNode[]): number[][] {
  const indexOf = new Map(nodes.map((n, i) => [n.key, i]));
  return nodes.map((n) => n.reads.map((k) => indexOf.get(k)).filter((i): i is number => i !== undefined));
}

/**
 * Indexes of the nodes, each after the nodes it reads. Among nodes free to go, document order wins,
 * so a form whose conditions only look backwards keeps its own order exactly.
 */
export function dependencyOrder(nodes: readonly DependencyNode[]): number[] {
  const reads = edges(nodes);
  const readers = nodes.map((): number[] => []);
  reads.forEach((r, i) => {
    for (const j of r) readers[j].push(i);
  });
  const placed = new Array<boolean>(nodes.length).fill(false);
  const order: number[] = [];
  // The earliest free node goes next. Every unplaced node before `i` still waits for a read; placing
  // node i can free only nodes that read it, so the scan resumes at the earliest of those (else at
  // i + 1) rather than at 0. For conditions that read earlier fields (the usual form) that is one
  // pass; restarting at 0 was quadratic even then, a visible part of a 50-field form's first render
  // in browsers. Forward reads can still make it quadratic, harmless at 100 fields at most.
  for (let i = 0; i < nodes.length; ) {
    if (!placed[i] && reads[i].every((j) => placed[j] || j === i)) {
      placed[i] = true;
      order.push(i);
      let next = i + 1;
      for (const r of readers[i]) if (r < next && !placed[r]) next = r;
      i = next;
    } else i++;
  }
  for (let i = 0; i < nodes.length; i++) if (!placed[i]) order.push(i);
  return order;
}

/**
 * Every cycle of reads in the group, one per strongly connected set of fields (Tarjan), each written
 * as keys from a field back to itself: ["a", "b", "a"] means a reads b and b reads a.
 */
export function dependencyCycles(nodes: readonly DependencyNode[]): string[][] {
  const reads = edges(nodes);
  const index = new Array<number>(nodes.length).fill(-1);
  const low = new Array<number>(nodes.length).fill(0);
  const onStack = new Array<boolean>(nodes.length).fill(false);
  const stack: number[] = [];
  const cycles: string[][] = [];
  let counter = 0;

  const visit = (v: number) => {
    index[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = true;
    for (const w of reads[v]) {
      if (index[w] === -1) {
        visit(w);
        low[v] = Math.min(low[v], low[w]);
      } else if (onStack[w]) low[v] = Math.min(low[v], index[w]);
    }
    if (low[v] !== index[v]) return;
    const members: number[] = [];
    let w: number;
    do {
      w = stack.pop()!;
      onStack[w] = false;
      members.push(w);
    } while (w !== v);
    if (members.length > 1 || reads[v].includes(v))
      cycles.push(cycleThrough(Math.min(...members), new Set(members), reads, nodes));
  };
  for (let v = 0; v < nodes.length; v++) if (index[v] === -1) visit(v);
  return cycles.sort((a, b) => nodes.findIndex((n) => n.key === a[0]) - nodes.findIndex((n) => n.key === b[0]));
}

/** Follows reads inside one strongly connected set from its first field until a field repeats. */
function cycleThrough(
  start: number,
  members: Set<number>,
  reads: number[][],
  nodes: readonly DependencyNode[],
): string[] {
  const seen: number[] = [];
  let at = start;
  while (!seen.includes(at)) {
    seen.push(at);
    at = reads[at].find((j) => members.has(j))!;
  }
  return [...seen.slice(seen.indexOf(at)), at].map((i) => nodes[i].key);
}
