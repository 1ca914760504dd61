// dependencies.ts as the respondents' bundles have it (see conditions-browser.ts): fields that read no other
// field keep their order without code; otherwise some field has conditions, and their code is in place.
import { conditionsCode } from './conditions-browser.ts';
import type { DependencyNode } from './dependencies.ts';

/** dependencies.ts's dependencyOrder: document order when no field reads another. */
export const dependencyOrder = (nodes: readonly DependencyNode[]): number[] =>
  nodes.some((n) => n.reads.length > 0) ? conditionsCode().dependencyOrder(nodes) : nodes.map((_, i) => i);
