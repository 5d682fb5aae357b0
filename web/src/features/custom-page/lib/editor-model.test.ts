// The configuration screen's document: its operations, the server's rules checked before a save, a refusal placed on
// its entry, and the menus a role would see.
import { describe, expect, it } from 'vitest';

import { CUSTOM_MENU_CHILDREN_MAX, CUSTOM_MENU_TOP_MAX } from '@/types/limits.gen';
import {
  addEntry,
  moveEntry,
  newEntryId,
  normalizeDocument,
  placeOfField,
  previewMenus,
  removeEntry,
  replaceEntry,
  takenNames,
  toWire,
  validateDraft,
  type Draft,
  type DraftChild,
} from './editor-model';

const page = (id: string, name: string, over: Partial<DraftChild> = {}): DraftChild => ({
  id,
  name,
  kind: 'page',
  url: 'https://example.com/',
  dashboard_id: null,
  icon: null,
  visibility: 'all',
  role_ids: [],
  ...over,
});

const TITLES = { sidebar_title: '我的页面', top_bar_title: '快捷入口' };

function sample(): Draft {
  let d = normalizeDocument(null, TITLES);
  d = addEntry(d, 'side', null, page('a', '甲'));
  d = addEntry(d, 'side', null, page('g', '组', { kind: 'group', url: '' }));
  d = addEntry(d, 'side', 'g', page('c1', '子一'));
  d = addEntry(d, 'side', 'g', page('c2', '子二', { visibility: 'roles', role_ids: [5] }));
  d = addEntry(d, 'top', null, page('t', '顶'));
  return d;
}

describe('the configuration document', () => {
  it('starts with the default titles and no entries', () => {
    expect(normalizeDocument(null, TITLES)).toEqual({ ...TITLES, side: [], top: [] });
  });

  it('adds entries to an area or a group, and reads back what it writes', () => {
    const d = sample();
    expect(d.side.map((e) => e.id)).toEqual(['a', 'g']);
    expect(d.side[1]!.children.map((e) => e.id)).toEqual(['c1', 'c2']);
    const wire = toWire(d);
    expect(normalizeDocument(wire, TITLES)).toEqual(d);
  });

  it('sends only what each kind uses, trimmed', () => {
    const d = addEntry(
      normalizeDocument(null, { sidebar_title: ' 侧 ', top_bar_title: ' 顶 ' }),
      'side',
      null,
      page('x', ' 看板 ', { kind: 'dashboard', dashboard_id: 3, url: 'https://left.over/', role_ids: [1] }),
    );
    expect(toWire(d)).toEqual({
      sidebar_title: '侧',
      top_bar_title: '顶',
      side: [{ ...page('x', '看板', { kind: 'dashboard', dashboard_id: 3, url: '' }), children: [] }],
      top: [],
    });
  });

  it('moves an entry among its siblings only, and no further than either end', () => {
    let d = sample();
    d = moveEntry(d, 'g', -1);
    expect(d.side.map((e) => e.id)).toEqual(['g', 'a']);
    d = moveEntry(d, 'g', -1);
    expect(d.side.map((e) => e.id)).toEqual(['g', 'a']);
    d = moveEntry(d, 'c1', 1);
    expect(d.side[0]!.children.map((e) => e.id)).toEqual(['c2', 'c1']);
    expect(moveEntry(d, 'nope', 1)).toBe(d);
  });

  it('replaces an entry where it is (a group keeps its entries) and removes a group with its entries', () => {
    let d = replaceEntry(sample(), page('g', '新组', { kind: 'group', url: '' }));
    expect(d.side[1]!.name).toBe('新组');
    expect(d.side[1]!.children).toHaveLength(2);
    d = replaceEntry(d, page('c2', '子改'));
    expect(d.side[1]!.children[1]!.name).toBe('子改');
    d = removeEntry(d, 'g');
    expect(d.side.map((e) => e.id)).toEqual(['a']);
    expect(removeEntry(d, 't').top).toEqual([]);
  });

  it('makes keys no entry holds', () => {
    const d = sample();
    const values = [0, 0, 0.5];
    const id = newEntryId(d, () => values.shift() ?? 0.9);
    expect(id).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(d.side.flatMap((e) => [e, ...e.children]).some((e) => e.id === id)).toBe(false);
  });

  it('knows the names taken, the edited entry aside', () => {
    const d = sample();
    expect(takenNames(d, 'a').has('甲')).toBe(false);
    expect(takenNames(d, null).has('子一')).toBe(true);
  });
});

describe('the rules before a save', () => {
  it('passes a valid document', () => {
    expect(validateDraft(sample())).toEqual([]);
  });

  it('holds every rule of SPEC §5', () => {
    let d = sample();
    d = { ...d, sidebar_title: ' ', top_bar_title: '' };
    d = replaceEntry(d, page('a', 'x'.repeat(16)));
    d = replaceEntry(d, page('c1', '顶'));
    d = replaceEntry(d, page('c2', 'Url', { url: 'javascript:alert(1)' }));
    d = addEntry(d, 'side', null, page('d', '看板', { kind: 'dashboard', url: '' }));
    d = addEntry(d, 'side', null, page('r', '角色', { visibility: 'roles', role_ids: [] }));
    const found = validateDraft(d).map((p) => `${p.at}:${p.key}`);
    expect(found).toEqual([
      'sidebar_title:sidebarTitle',
      'top_bar_title:topBarTitle',
      'a:name',
      'c2:url',
      'd:dashboard',
      'r:roles',
      // The top bar's entry comes after the sidebar's child that took its name first.
      't:nameTaken',
    ]);
  });

  it('counts the top bar and a group against their limits', () => {
    let d = normalizeDocument(null, TITLES);
    for (let i = 0; i <= CUSTOM_MENU_TOP_MAX; i += 1)
      d = addEntry(d, 'top', null, page(`t${String(i)}`, `项${String(i)}`));
    d = addEntry(d, 'side', null, page('g', '组', { kind: 'group', url: '' }));
    for (let i = 0; i <= CUSTOM_MENU_CHILDREN_MAX; i += 1)
      d = addEntry(d, 'side', 'g', page(`c${String(i)}`, `子${String(i)}`));
    const found = validateDraft(d).map((p) => `${p.at}:${p.key}`);
    expect(found).toContain('top:topMax');
    expect(found).toContain('g:childrenMax');
  });

  it('compares names as the server does, trimmed and case folded', () => {
    let d = addEntry(normalizeDocument(null, TITLES), 'side', null, page('a', 'Board'));
    d = addEntry(d, 'top', null, page('b', ' board'));
    expect(validateDraft(d).map((p) => `${p.at}:${p.key}`)).toEqual(['b:nameTaken']);
  });

  it('places a server refusal on the entry it names', () => {
    const d = sample();
    expect(placeOfField(d, 'document.side.1.children.1.name')).toEqual({ at: 'c2', field: 'name' });
    expect(placeOfField(d, 'document.top.0.url')).toEqual({ at: 't', field: 'url' });
    expect(placeOfField(d, 'document.sidebar_title')).toEqual({
      at: 'sidebar_title',
      field: 'sidebar_title',
    });
    expect(placeOfField(d, 'document.top')).toEqual({ at: 'top', field: 'top' });
    expect(placeOfField(d, 'version')).toBeNull();
    expect(placeOfField(d, null)).toBeNull();
  });
});

describe('the preview', () => {
  it('shows an administrator every entry and a role only those shown to it', () => {
    const d = sample();
    const admin = previewMenus(d, null);
    expect(admin.side[1]!.children.map((c) => c.id)).toEqual(['c1', 'c2']);
    const five = previewMenus(d, 5);
    expect(five.side[1]!.children.map((c) => c.id)).toEqual(['c1', 'c2']);
    const other = previewMenus(d, 6);
    expect(other.side[1]!.children.map((c) => c.id)).toEqual(['c1']);
  });

  it('leaves out a group none of whose entries the role sees', () => {
    let d = normalizeDocument(null, TITLES);
    d = addEntry(d, 'side', null, page('g', '组', { kind: 'group', url: '' }));
    d = addEntry(d, 'side', 'g', page('c', '子', { visibility: 'roles', role_ids: [1] }));
    expect(previewMenus(d, 2).side).toEqual([]);
    expect(previewMenus(d, 1).side).toHaveLength(1);
  });
});
