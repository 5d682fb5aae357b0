// A glTF model drawn in 3D (issue 38 point 1) for screens and dashboards: the model of a gallery's "3D models" tab
// (its .gltf's URL, fetched with the session's token), a saved camera view, state colours by mesh or node name,
// drives (a node's rotation, position or height set from a value) and spins (a node turning at a speed in rpm).
// three.js is loaded on first use (three-scene.ts, its own chunk); the model is drawn only while the viewer is seen
// (in the viewport, the tab shown), freed after it has been unseen for HIDDEN_DISPOSE_MS and loaded again when seen.
// A spin keeps turning when the system asks for reduced motion: it is the data (lib/reduced-motion.ts).
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

import { PlainSpinner } from '@/components/plain-spinner';
import { useScreenVisible } from '@/lib/use-screen-visible';
import { activeSpins, headersKey, type CameraView, type Drive, type Spin } from './scene-rules';
import type { ModelScene, SceneState } from './three-scene';
import { tokenHeaders } from './token-headers';
import './model-view.css';

/** How long a viewer out of sight keeps its model, renderer and GPU memory before freeing them. */
export const HIDDEN_DISPOSE_MS = 30_000;

export interface ModelViewProps {
  /** The model's .gltf URL (ModelOut.url); its buffers and textures are fetched beside it. */
  url: string;
  /** The headers the files are fetched with; absent: the session's token (tokenHeaders). */
  headers?: Record<string, string>;
  /** The camera's view; absent: the model framed whole. */
  camera?: CameraView;
  /** A CSS colour by mesh or node name (a node's colour colours the meshes under it); absent: the model's own. */
  meshColors?: Readonly<Record<string, string>>;
  drives?: readonly Drive[];
  spin?: readonly Spin[];
  /** The view after the person orbited or zoomed (the designer saves it as the element's camera). */
  onCameraChange?: (view: CameraView) => void;
  /** The model's node names once it has loaded (the designer offers them for colours, drives and spins). */
  onNodes?: (names: string[]) => void;
  /** Orbit and zoom with the pointer; default false (a runtime screen's model stays as designed). */
  interactive?: boolean;
  className?: string;
  style?: CSSProperties;
}

const NO_COLORS: Readonly<Record<string, string>> = {};
const NONE: readonly never[] = [];

/** False once the viewer has been unseen for HIDDEN_DISPOSE_MS, true again as soon as it is seen. */
function useKeptWhileHidden(seen: boolean): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (seen) return undefined;
    const timer = window.setTimeout(() => {
      setExpired(true);
    }, HIDDEN_DISPOSE_MS);
    return () => {
      window.clearTimeout(timer);
      setExpired(false);
    };
  }, [seen]);
  return seen || !expired;
}

type Status = 'loading' | 'ready' | 'error';

export function ModelView({
  url,
  headers,
  camera,
  meshColors = NO_COLORS,
  drives = NONE,
  spin = NONE,
  onCameraChange,
  onNodes,
  interactive = false,
  className,
  style,
}: ModelViewProps) {
  const { t } = useTranslation();
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const holder = useRef<HTMLDivElement>(null);
  const scene = useRef<ModelScene | null>(null);
  const seen = useScreenVisible(box);
  const kept = useKeptWhileHidden(seen);
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<{ key: string; status: Status }>({ key: '', status: 'loading' });

  const fetchHeaders = headers ?? tokenHeaders();
  const fetchKey = headersKey(fetchHeaders);
  const loadKey = `${url}\n${fetchKey}\n${String(attempt)}\n${String(kept)}`;
  const status: Status = result.key === loadKey ? result.status : 'loading';

  // What the effects below read when the model arrives, kept current without starting a new load.
  const latest = useRef({
    headers: fetchHeaders,
    interactive,
    onCameraChange,
    onNodes,
    seen,
    state: null as SceneState | null,
  });
  useEffect(() => {
    const state = { camera, meshColors, drives, spins: activeSpins(spin) };
    latest.current = { headers: fetchHeaders, interactive, onCameraChange, onNodes, seen, state };
  });

  useEffect(() => {
    const container = holder.current;
    if (!container || !kept) return undefined;
    let cancelled = false;
    let opened: ModelScene | null = null;
    const { headers: sent, interactive: orbit } = latest.current;
    import('./three-scene')
      .then(({ openModelScene }) =>
        openModelScene(container, {
          url,
          headers: sent,
          interactive: orbit,
          onCameraChange: (view) => latest.current.onCameraChange?.(view),
        }),
      )
      .then((model) => {
        if (cancelled) {
          model.dispose();
          return;
        }
        opened = model;
        scene.current = model;
        if (latest.current.state) model.update(latest.current.state);
        model.setVisible(latest.current.seen);
        latest.current.onNodes?.(model.nodeNames);
        setResult({ key: loadKey, status: 'ready' });
      })
      .catch(() => {
        if (!cancelled) setResult({ key: loadKey, status: 'error' });
      });
    return () => {
      cancelled = true;
      opened?.dispose();
      if (scene.current === opened) scene.current = null;
    };
    // loadKey stands for the headers (a new object with the same headers loads nothing again) and the retries.
  }, [url, kept, loadKey]);

  useEffect(() => {
    scene.current?.update({ camera, meshColors, drives, spins: activeSpins(spin) });
  }, [camera, meshColors, drives, spin, status]);

  useEffect(() => {
    scene.current?.setVisible(seen);
  }, [seen, status]);

  useEffect(() => {
    scene.current?.setInteractive(interactive);
  }, [interactive, status]);

  return (
    <div
      ref={setBox}
      className={['iot-model-view', interactive ? 'iot-model-view--interactive' : '', className]
        .filter(Boolean)
        .join(' ')}
      style={style}
      data-status={status}
    >
      <div ref={holder} className="iot-model-view__canvas" />
      {status === 'loading' && (
        <div
          className="iot-model-view__overlay"
          role="status"
          aria-label={t('designer.runtime.model3d.loading')}
        >
          <PlainSpinner />
        </div>
      )}
      {status === 'error' && (
        <div className="iot-model-view__overlay" role="alert">
          <span>{t('designer.runtime.model3d.failed')}</span>
          <button
            type="button"
            className="iot-model-view__retry"
            onClick={() => {
              setAttempt((n) => n + 1);
            }}
          >
            {t('designer.runtime.model3d.retry')}
          </button>
        </div>
      )}
    </div>
  );
}
