// The element at work hands ModelView the model's files from the runtime's context (a share link's through the
// link), the state's colour on its chosen nodes, its drives and spins from their values; on the canvas it draws no
// model.
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { ModelViewProps } from '@/components/model3d/model-view';

import { bound, makeElement } from '../../test/fixtures';
import { model3dElement } from './index';
import { ModelFilesContext, sharedModelFiles } from './model-files';

const seen = vi.hoisted(() => ({ props: [] as ModelViewProps[] }));
vi.mock('@/components/model3d/model-view', () => ({
  ModelView: (props: ModelViewProps) => {
    seen.props.push(props);
    return <div data-testid="model-view" />;
  },
}));

const URL = '/api/yun/resourcesInfo/model/file/KEY/pump_skid.gltf';
const element = makeElement('model3d', {
  settings: {
    model_id: 7,
    model_url: URL,
    meshes: ['motor'],
    drives: [
      {
        key: 'drive_1',
        node: 'valve_stem',
        kind: 'position_y',
        min: 0,
        max: 100,
        from_value: 0,
        to_value: 0.2,
      },
    ],
    spins: [{ key: 'spin_1', node: 'motor', axis: 'x', factor: 10 }],
  },
  states: model3dElement.defaultStates?.() ?? null,
});
const Element = model3dElement.component;

describe('the 3D model element', () => {
  it('at work on a share link’s page: the model through the link, coloured, driven and turning by its values', () => {
    seen.props = [];
    render(
      <ModelFilesContext value={sharedModelFiles('tok')}>
        <Element
          element={element}
          mode="runtime"
          values={{ value: bound(1), drive_1: bound(50), spin_1: bound(3) }}
          state={{ backgroundColor: '#00b42a', isUnderline: false }}
        />
      </ModelFilesContext>,
    );
    const props = seen.props.at(-1);
    expect(props?.url).toMatch(/\/yun\/shared\/model\/tok\/7\/pump_skid\.gltf$/);
    expect(props?.headers).toEqual({});
    expect(props?.meshColors).toEqual({ motor: '#00b42a' });
    expect(props?.drives).toEqual([{ mesh: 'valve_stem', property: 'position.y', value: 0.1 }]);
    expect(props?.spin).toEqual([{ mesh: 'motor', axis: 'x', rpm: 30 }]);
  });

  it('in the console: the gallery’s URL with the session’s token (no headers given)', () => {
    seen.props = [];
    render(<Element element={element} mode="preview" values={{}} state={null} />);
    expect(seen.props.at(-1)?.url).toMatch(/\/yun\/resourcesInfo\/model\/file\/KEY\/pump_skid\.gltf$/);
    expect(seen.props.at(-1)?.headers).toBeUndefined();
    expect(seen.props.at(-1)?.meshColors).toEqual({});
  });

  it('on the canvas: a box naming the model, no 3D drawn', () => {
    seen.props = [];
    render(<Element element={element} mode="edit" values={{}} state={null} />);
    expect(screen.queryByTestId('model-view')).toBeNull();
    expect(screen.getByText(/pump_skid\.gltf/)).toBeInTheDocument();
    expect(seen.props).toHaveLength(0);
  });
});
