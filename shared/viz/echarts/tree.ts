// Rows of a "metric by a hierarchy of dimensions" answer -> a tree (treemap, sunburst): each path of
// dimension values a branch, leaves holding the metric, inner nodes the sum of their children.
import type { DimensionPoint } from './dimensions';
import { formatDimension } from './dimensions';

export interface TreeNode {
  name: string;
  value: number;
  secondary?: number;
  path: string[];
  children?: TreeNode[];
}

export function buildTree(points: DimensionPoint[], secondaryKey?: string): TreeNode[] {
  const root: TreeNode = { name: '', value: 0, path: [], children: [] };
  for (const p of points) {
    let node = root;
    const path: string[] = [];
    for (const raw of p.values) {
      const name = formatDimension(raw, false);
      path.push(name);
      let child = node.children!.find((c) => c.name === name);
      if (!child) {
        child = { name, value: 0, path: [...path], children: [] };
        node.children!.push(child);
      }
      node = child;
    }
    node.value += p.value ?? 0;
    if (secondaryKey) node.secondary = (node.secondary ?? 0) + Number(p.row[secondaryKey] ?? 0);
  }
  const finish = (n: TreeNode): TreeNode => {
    if (!n.children?.length) {
      const { children: _drop, ...leaf } = n;
      return leaf;
    }
    const children = n.children.map(finish);
    return {
      ...n,
      children,
      value: children.reduce((s, c) => s + c.value, 0),
      ...(secondaryKey ? { secondary: children.reduce((s, c) => s + (c.secondary ?? 0), 0) } : {}),
    };
  };
  return finish(root).children ?? [];
}
