// The layer tree: groups and elements top first (model layerTree), a click selects (a group selects its members),
// each row locks or hides its item, and a group's name is edited in place (a double click, or its pencil).
import {
  EditOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  LockOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { Button, Empty, Input, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { elementDefinition } from '../../elements/registry';
import { groupMembers, layerTree, renameGroup, setFlag, type LayerNode, type LayerRef } from '../../model';
import type { DesignDocument } from '../../model/types';
import type { DesignerStore } from '../store';
import { useDesigner } from '../use-designer';

const GROUP_NAME_MAX = 64;

function nodeKey(node: { kind: LayerRef['kind']; id: string }): string {
  return `${node.kind}:${node.id}`;
}

interface RowProps {
  store: DesignerStore;
  doc: DesignDocument;
  node: LayerNode;
  editing: boolean;
  onEdit: (id: string | null) => void;
}

function LayerRow({ store, doc, node, editing, onEdit }: RowProps) {
  const { t } = useTranslation();
  const item =
    node.kind === 'group'
      ? doc.groups.find((g) => g.id === node.id)
      : doc.elements.find((e) => e.id === node.id);
  if (!item) return null;
  const name =
    'type' in item
      ? t(elementDefinition(item.type)?.i18nKey ?? 'designer.editor.layers.unknown', {
          defaultValue: item.type,
        })
      : item.name || t('designer.editor.layers.group');
  const ref: LayerRef = { kind: node.kind, id: node.id };
  const toggle = (flag: 'locked' | 'hidden') => (event: MouseEvent) => {
    event.stopPropagation();
    store.getState().apply((current) => setFlag(current, [ref], flag, !item[flag]));
  };
  return (
    <span
      className="designer-layer"
      data-testid={`layer-${node.id}`}
      // The canvas outlines the element pointed at in the tree.
      onMouseEnter={node.kind === 'element' ? () => store.getState().hover(node.id) : undefined}
      onMouseLeave={node.kind === 'element' ? () => store.getState().hover(null) : undefined}
    >
      {editing ? (
        <Input
          size="small"
          autoFocus
          defaultValue={'name' in item ? item.name : ''}
          maxLength={GROUP_NAME_MAX}
          aria-label={t('designer.editor.layers.rename')}
          // The tree would take the input's clicks and focus as its own (selecting the row, scrolling to it).
          onClick={(event) => event.stopPropagation()}
          onFocus={(event) => event.stopPropagation()}
          onBlur={(event) => {
            const value = event.target.value.trim();
            store.getState().apply((current) => renameGroup(current, node.id, value));
            onEdit(null);
          }}
          onPressEnter={(event) => event.currentTarget.blur()}
          onKeyDown={(event) => {
            event.stopPropagation();
            if (event.key === 'Escape') onEdit(null);
          }}
        />
      ) : (
        <span
          className="designer-layer__name"
          onDoubleClick={node.kind === 'group' ? () => onEdit(node.id) : undefined}
        >
          {name}
        </span>
      )}
      {node.kind === 'group' && !editing && (
        <Button
          size="small"
          type="text"
          icon={<EditOutlined />}
          aria-label={t('designer.editor.layers.rename')}
          onClick={(event) => {
            event.stopPropagation();
            onEdit(node.id);
          }}
        />
      )}
      <Button
        size="small"
        type="text"
        icon={item.locked ? <LockOutlined /> : <UnlockOutlined />}
        aria-label={t(item.locked ? 'designer.editor.actions.unlock' : 'designer.editor.actions.lock')}
        aria-pressed={item.locked}
        onClick={toggle('locked')}
      />
      <Button
        size="small"
        type="text"
        icon={item.hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
        aria-label={t(item.hidden ? 'designer.editor.actions.show' : 'designer.editor.actions.hide')}
        aria-pressed={item.hidden}
        onClick={toggle('hidden')}
      />
    </span>
  );
}

export function LayersPanel({ store }: { store: DesignerStore }) {
  const { t } = useTranslation();
  const doc = useDesigner(store, (s) => s.doc);
  const selection = useDesigner(store, (s) => s.selection);
  const [editing, setEditing] = useState<string | null>(null);
  const tree = useMemo(() => layerTree(doc), [doc]);

  const toData = (nodes: LayerNode[]): TreeDataNode[] =>
    nodes.map((node) => ({
      key: nodeKey(node),
      title: (
        <LayerRow
          store={store}
          doc={doc}
          node={node}
          editing={editing === node.id && node.kind === 'group'}
          onEdit={setEditing}
        />
      ),
      children: node.kind === 'group' ? toData(node.children) : undefined,
      isLeaf: node.kind === 'element',
    }));

  if (tree.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('designer.editor.layers.empty')} />;
  return (
    <Tree
      className="designer-layers"
      blockNode
      defaultExpandAll
      multiple
      treeData={toData(tree)}
      selectedKeys={selection.map((id) => nodeKey({ kind: 'element', id }))}
      onSelect={(_keys, info) => {
        const [kind, id = ''] = String(info.node.key).split(/:(.*)/s);
        const ids = kind === 'group' ? groupMembers(doc, id) : [id];
        store.getState().select(ids);
      }}
    />
  );
}
