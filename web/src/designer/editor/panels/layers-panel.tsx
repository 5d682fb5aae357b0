// The layer tree: groups and elements top first (model layerTree), a click selects (a group selects its members),
// each row locks or hides its item. Every row is named in the user's language (an element by the name given it,
// else its kind and the data source it shows: elements/element-name.ts) and renamed in place: a double click, F2 on
// the one selected, or a group's pencil. An element's name emptied gives it back its designer's name.
import {
  EditOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  LockOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import { Button, Empty, Input, Tree, type TreeDataNode } from 'antd';
import { ELEMENT_NAME_MAX } from '@/types/limits.gen';
import { useMemo, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { elementName } from '../../elements/element-name';
import type { DataSourceOption } from '../../elements/types';
import {
  groupMembers,
  layerTree,
  renameElement,
  renameGroup,
  setFlag,
  type LayerNode,
  type LayerRef,
} from '../../model';
import type { DesignDocument } from '../../model/types';
import type { DesignerStore } from '../store';
import { useDesigner } from '../use-designer';

const GROUP_NAME_MAX = 64;
const NO_SOURCES: readonly DataSourceOption[] = [];

function nodeKey(node: { kind: LayerRef['kind']; id: string }): string {
  return `${node.kind}:${node.id}`;
}

interface RowProps {
  store: DesignerStore;
  doc: DesignDocument;
  dataSources: readonly DataSourceOption[];
  node: LayerNode;
  editing: boolean;
  /** Starts (a row's key) or ends (null) renaming. */
  onEdit: (key: string | null) => void;
}

function LayerRow({ store, doc, dataSources, node, editing, onEdit }: RowProps) {
  const { t } = useTranslation();
  const item =
    node.kind === 'group'
      ? doc.groups.find((g) => g.id === node.id)
      : doc.elements.find((e) => e.id === node.id);
  if (!item) return null;
  const isElement = 'type' in item;
  const name = isElement ? elementName(t, item, dataSources) : item.name || t('designer.editor.layers.group');
  const renameLabel = t(isElement ? 'designer.editor.layers.renameElement' : 'designer.editor.layers.rename');
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
          defaultValue={item.name || (isElement ? name : '')}
          maxLength={isElement ? ELEMENT_NAME_MAX : GROUP_NAME_MAX}
          aria-label={renameLabel}
          // The tree would take the input's clicks and focus as its own (selecting the row, scrolling to it).
          onClick={(event) => event.stopPropagation()}
          onFocus={(event) => event.stopPropagation()}
          onBlur={(event) => {
            const value = event.target.value.trim();
            if (isElement) {
              // Left as the designer named it: no name of the user's is stored.
              const kept = value === name && !item.name ? '' : value;
              store.getState().apply((current) => renameElement(current, node.id, kept));
            } else store.getState().apply((current) => renameGroup(current, node.id, value));
            onEdit(null);
          }}
          onPressEnter={(event) => event.currentTarget.blur()}
          onKeyDown={(event) => {
            event.stopPropagation();
            if (event.key === 'Escape') onEdit(null);
          }}
        />
      ) : (
        <span className="designer-layer__name" title={name} onDoubleClick={() => onEdit(nodeKey(node))}>
          {name}
        </span>
      )}
      {node.kind === 'group' && !editing && (
        <Button
          size="small"
          type="text"
          icon={<EditOutlined />}
          aria-label={renameLabel}
          onClick={(event) => {
            event.stopPropagation();
            onEdit(nodeKey(node));
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

export function LayersPanel({
  store,
  dataSources = NO_SOURCES,
}: {
  store: DesignerStore;
  /** The template's data sources: an element is named after the one it shows. */
  dataSources?: readonly DataSourceOption[];
}) {
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
          dataSources={dataSources}
          node={node}
          editing={editing === nodeKey(node)}
          onEdit={setEditing}
        />
      ),
      children: node.kind === 'group' ? toData(node.children) : undefined,
      isLeaf: node.kind === 'element',
    }));

  if (tree.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('designer.editor.layers.empty')} />;
  // F2 renames the one element selected (or the group all of whose members are selected is renamed by its pencil).
  const onKeyDown = (event: KeyboardEvent) => {
    const [only] = selection;
    if (event.key !== 'F2' || selection.length !== 1 || only === undefined || editing !== null) return;
    event.preventDefault();
    setEditing(nodeKey({ kind: 'element', id: only }));
  };
  return (
    <div className="designer-layers__frame" onKeyDown={onKeyDown}>
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
    </div>
  );
}
