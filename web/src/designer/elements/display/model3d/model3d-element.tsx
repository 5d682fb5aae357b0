// The 3D model element at work: the gallery model (ModelView, three.js loaded only when one is drawn), the state's
// colour on the chosen nodes, the drives and spins from their bound values. On the canvas and in thumbnails (edit
// mode) it is a box naming its model, as an iframe's is: each model drawn takes a WebGL context of the page's few and
// loads three.js, so only the property panel's camera view draws the model while designing.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { ModelView } from '@/components/model3d/model-view';

import { classes } from '../../look';
import { Translated } from '../../translated';
import type { ElementRenderProps } from '../../types';
import { useModelFiles } from './model-files';
import { drivesFor, gltfName, meshColorsFor, readModel3d, spinsFor, type Model3dSettings } from './scene';
import './model3d.css';

function ModelName({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <span className="iot-el-text">
      {t('designer.model3d.placeholder', { name: decodeURIComponent(gltfName(url)) })}
    </span>
  );
}

export interface Model3dViewProps {
  /** The settings as read (readModel3d), naming a model. */
  model: Model3dSettings & { model_id: number; model_url: string };
  values: ElementRenderProps['values'];
  state: ElementRenderProps['state'];
  /** Orbit and zoom with the pointer (a dashboard's 3D model card); a screen's model stays as designed. */
  interactive?: boolean;
}

/** The model at work: its files from the context (a share link's through the link), the state's colour on its
 * chosen nodes, its drives and spins from their values. The element draws it; so does a dashboard's 3D model card. */
export function Model3dView({ model, values, state, interactive }: Model3dViewProps) {
  const filesOf = useModelFiles();
  const meshColors = useMemo(() => meshColorsFor(model, state), [model, state]);
  const drives = useMemo(() => drivesFor(model, values), [model, values]);
  const spins = useMemo(() => spinsFor(model, values), [model, values]);
  const files = filesOf(model.model_id, model.model_url);
  return (
    <div className={classes('iot-el', 'iot-model3d')} data-model-id={model.model_id}>
      <ModelView
        url={files.url}
        headers={files.headers}
        camera={model.camera ?? undefined}
        meshColors={meshColors}
        drives={drives}
        spin={spins}
        interactive={interactive}
      />
    </div>
  );
}

/** The settings naming a model, or null when none is chosen yet. */
export function namedModel(model: Model3dSettings): Model3dViewProps['model'] | null {
  const { model_id, model_url } = model;
  return model_id !== null && model_url !== null ? { ...model, model_id, model_url } : null;
}

export function Model3dElement({ element, mode, values, state }: ElementRenderProps) {
  const model = useMemo(() => readModel3d(element.settings), [element.settings]);
  const named = useMemo(() => namedModel(model), [model]);
  if (mode === 'edit' || named === null) {
    return (
      <div className="iot-el iot-el--box iot-el--placeholder iot-model3d--edit">
        {model.model_url ? <ModelName url={model.model_url} /> : <Translated k="designer.model3d.none" />}
      </div>
    );
  }
  return <Model3dView model={named} values={values} state={state} />;
}
