// dependencyOrder: each field after the fields it reads, earliest free field first, cycles last in
// document order. The random groups check it against the rule written plainly (rescan from the top
// after every placement), which is what the engine did before the scan learned to resume.
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dependencyOrder, type DependencyNode } from '../../shared/engine/dependencies.ts';
import { prng } from '../helpers/prng.ts';

/** Nodes from a compact spec: { a: [], b: ['a'] } means b reads a. */
const group = (spec: Record<string, string[]>): DependencyNode[] =>
  Object.entries(spec).map(([key, reads]) => ({ key, reads }));

/** The rule itself: repeatedly place the earliest node whose reads are all placed; the rest last. */
function plainOrder(nodes: readonly DependencyNode[]): number[] {
  const placed = new Set<number>();
  const order: number[] = [];
  const free = (i: number) =>
    nodes[i].reads.every((k) => {
      const j = nodes.findIndex((n) => n.key === k);
      return j === -1 || j === i || placed.has(j);
    });
  for (;;) {
    const i = nodes.findIndex((_, n) => !placed.has(n) && free(n));
    if (i === -1) break;
    placed.add(i);
    order.push(i);
  }
  return [...order, ...nodes.map((_, i) => i).filter((i) => !placed.has(i))];
}

const order = suite('dependencyOrder');

order('fields that read only earlier fields keep document order', () => {
  assert.equal(dependencyOrder(group({ a: [], b: ['a'], c: ['a', 'b'], d: [] })), [0, 1, 2, 3]);
});

order('a chain written backwards is settled from its start', () => {
  assert.equal(dependencyOrder(group({ d: ['c'], c: ['b'], b: ['a'], a: [] })), [3, 2, 1, 0]);
});

order('a field freed by a later one goes before the fields after that one', () => {
  // a and b wait for d; placing d frees both, and the earliest of them goes next.
  assert.equal(dependencyOrder(group({ a: ['d'], b: ['d'], c: [], d: [], e: [] })), [2, 3, 0, 1, 4]);
});

order('reads of unknown keys and of itself do not hold a field back; a cycle goes last in document order', () => {
  assert.equal(dependencyOrder(group({ a: ['x', 'a'], b: ['c'], c: ['b'], d: [] })), [0, 3, 1, 2]);
});

order('matches the plain rule on random groups', () => {
  const random = prng(42);
  for (let t = 0; t < 3000; t++) {
    const size = 1 + Math.floor(random() * 10);
    const density = random() * 0.5;
    const nodes = Array.from({ length: size }, (_, i) => ({ key: `k${i}`, reads: [] as string[] }));
    for (const node of nodes) for (let j = 0; j < size + 2; j++) if (random() < density) node.reads.push(`k${j}`);
    assert.equal(dependencyOrder(nodes), plainOrder(nodes), JSON.stringify(nodes));
  }
});

order.run();
