// The 3D model element on the canvas and at work: the gallery model (ModelView, three.js loaded only when one is
// drawn), the state's colour on the chosen nodes, the drives and spins from their bound values. On the canvas it shows
// the model as designed (its camera, its own colours), or a placeholder while no model is chosen.
import { useMemo } from 'react';

import { ModelView } from '@/components/model3d/model-view';

import { classes } from '../../look';
import { Translated } from '../../translated';
import type { ElementRenderProps } from '../../types';
import { useModelFiles } from './model-files';
import { drivesFor, meshColorsFor, readModel3d, spinsFor } from './scene';
import './model3d.css';

const NONE = {};

export function Model3dElement({ element, mode, values, state }: ElementRenderProps) {
  const model = useMemo(() => readModel3d(element.settings), [element.settings]);
  const filesOf = useModelFiles();
  const live = mode !== 'edit';
  const meshColors = useMemo(() => (live ? meshColorsFor(model, state) : NONE), [live, model, state]);
  const drives = useMemo(() => (live ? drivesFor(model, values) : []), [live, model, values]);
  const spins = useMemo(() => (live ? spinsFor(model, values) : []), [live, model, values]);
  if (model.model_id === null || model.model_url === null) {
    return (
      <div className="iot-el iot-el--box iot-el--placeholder">
        <Translated k="designer.model3d.none" />
      </div>
    );
  }
  const files = filesOf(model.model_id, model.model_url);
  return (
    <div
      className={classes('iot-el', 'iot-model3d', !live && 'iot-model3d--edit')}
      data-model-id={model.model_id}
    >
      <ModelView
        url={files.url}
        headers={files.headers}
        camera={model.camera ?? undefined}
        meshColors={meshColors}
        drives={drives}
        spin={spins}
      />
    </div>
  );
}
