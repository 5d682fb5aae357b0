// Tree helpers (pure): the flat permission list and the group tree as antd tree data, and the cascading
// check rules of the permission tree.
import type { GroupNode, PermissionNode } from '../types';

export interface PermissionTreeItem {
  key: string;
  title: string;
  disabled?: boolean;
  children?: PermissionTreeItem[];
}

export interface GroupTreeItem {
  key: number;
  value: number;
  title: string;
  name: string;
  userCount: number;
  children?: GroupTreeItem[];
}

/** Parent/children lookups over the flat permission list. */
export interface PermissionIndex {
  parent: ReadonlyMap<string, string | null>;
  children: ReadonlyMap<string, readonly string[]>;
  roots: readonly string[];
}

export function indexPermissions(nodes: readonly PermissionNode[]): PermissionIndex {
  const known = new Set(nodes.map((n) => n.code));
  const parent = new Map<string, string | null>();
  const children = new Map<string, string[]>();
  const roots: string[] = [];
  for (const node of nodes) {
    // A parent missing from the list makes the node a root (the list may be filtered for the viewer).
    const p = node.parent && known.has(node.parent) ? node.parent : null;
    parent.set(node.code, p);
    if (p === null) roots.push(node.code);
    else {
      const list = children.get(p) ?? [];
      list.push(node.code);
      children.set(p, list);
    }
  }
  return { parent, children, roots };
}

/** antd Tree data in list order, titled in `lang`; `disabledCodes` become disabled nodes. */
export function permissionTreeData(
  nodes: readonly PermissionNode[],
  lang: string,
  disabledCodes: ReadonlySet<string> = new Set(),
): PermissionTreeItem[] {
  const index = indexPermissions(nodes);
  const byCode = new Map(nodes.map((n) => [n.code, n]));
  const build = (code: string): PermissionTreeItem => {
    const node = byCode.get(code);
    const title = (lang === 'en' ? node?.en : node?.zh) || node?.zh || node?.en || code;
    const kids = index.children.get(code) ?? [];
    return {
      key: code,
      title,
      ...(disabledCodes.has(code) ? { disabled: true } : {}),
      ...(kids.length > 0 ? { children: kids.map(build) } : {}),
    };
  };
  return index.roots.map(build);
}

export function ancestorsOf(index: PermissionIndex, code: string): string[] {
  const out: string[] = [];
  let p = index.parent.get(code) ?? null;
  while (p !== null && !out.includes(p)) {
    out.push(p);
    p = index.parent.get(p) ?? null;
  }
  return out;
}

export function descendantsOf(index: PermissionIndex, code: string): string[] {
  const out: string[] = [];
  const stack = [...(index.children.get(code) ?? [])];
  for (let c = stack.pop(); c !== undefined; c = stack.pop()) {
    out.push(c);
    stack.push(...(index.children.get(c) ?? []));
  }
  return out;
}

/**
 * Checking a node checks it, its descendants and its ancestors (a page needs its menu group); unchecking
 * clears it and its descendants, then every ancestor left without a checked descendant. `locked` codes (the
 * role's permissions in the user dialog) never change. Returns the new set in tree order-independent form.
 */
export function toggleCode(
  index: PermissionIndex,
  checked: ReadonlySet<string>,
  code: string,
  on: boolean,
  locked: ReadonlySet<string> = new Set(),
): Set<string> {
  const next = new Set(checked);
  if (on) {
    for (const c of [code, ...descendantsOf(index, code), ...ancestorsOf(index, code)]) next.add(c);
  } else {
    for (const c of [code, ...descendantsOf(index, code)]) if (!locked.has(c)) next.delete(c);
    for (const a of ancestorsOf(index, code)) {
      if (locked.has(a)) continue;
      if (!descendantsOf(index, a).some((d) => next.has(d) || locked.has(d))) next.delete(a);
    }
  }
  for (const c of locked) next.add(c);
  // Every checked page keeps its menu groups (a locked page keeps a group the user tried to uncheck).
  for (const c of [...next]) for (const a of ancestorsOf(index, c)) next.add(a);
  return next;
}

/** Only the codes the tree knows, in list order. */
export function orderedCodes(nodes: readonly PermissionNode[], codes: ReadonlySet<string>): string[] {
  return nodes.map((n) => n.code).filter((c) => codes.has(c));
}

/** antd Tree / TreeSelect data of the group tree; titles carry the user count when `withCount`. */
export function groupTreeData(
  groups: readonly GroupNode[],
  format: (group: GroupNode) => string = (g) => g.name,
): GroupTreeItem[] {
  return groups.map((g) => ({
    key: g.id,
    value: g.id,
    title: format(g),
    name: g.name,
    userCount: g.user_count,
    ...(g.children.length > 0 ? { children: groupTreeData(g.children, format) } : {}),
  }));
}

/** Depth-first list of every group. */
export function flattenGroups(groups: readonly GroupNode[]): GroupNode[] {
  return groups.flatMap((g) => [g, ...flattenGroups(g.children)]);
}

export function findGroup(groups: readonly GroupNode[], id: number): GroupNode | undefined {
  return flattenGroups(groups).find((g) => g.id === id);
}

/** The group ids above `id`, nearest first (to expand the tree to it). */
export function groupAncestorIds(groups: readonly GroupNode[], id: number): number[] {
  const byId = new Map(flattenGroups(groups).map((g) => [g.id, g]));
  const out: number[] = [];
  let p = byId.get(id)?.parent_id ?? null;
  while (p !== null && !out.includes(p)) {
    out.push(p);
    p = byId.get(p)?.parent_id ?? null;
  }
  return out;
}
