// ModelView against a fake three.js (jsdom has no WebGL): the model loaded with the given headers, colours and
// drives applied to its nodes, frames drawn only while seen, everything freed on unmount, the failed state.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { FakeObserver } from '@/test/intersection-observer';
import { setScreenWidth } from '@/test/screen-width';
import type { SceneMaterial, SceneNode } from './scene-rules';

const source = Object.values(
  import.meta.glob<string>('./model-view.tsx', { eager: true, query: '?raw', import: 'default' }),
).join('');

const fake = vi.hoisted(() => ({
  load: (): Promise<{ scene: unknown }> => Promise.reject(new Error('no model')),
  loads: [] as { url: string; headers: Record<string, string> }[],
  renderers: [] as { renders: number; disposed: boolean; domElement: HTMLCanvasElement }[],
  controls: [] as { enabled: boolean; disposed: boolean; fire: (type: string) => void }[],
}));

vi.mock('three', () => {
  class Vector3 {
    x = 0;
    y = 0;
    z = 0;
    set(x: number, y: number, z: number) {
      Object.assign(this, { x, y, z });
      return this;
    }
    copy(v: Vector3) {
      return this.set(v.x, v.y, v.z);
    }
    length() {
      return Math.hypot(this.x, this.y, this.z);
    }
  }
  class Box3 {
    setFromObject() {
      return this;
    }
    getCenter(v: Vector3) {
      return v.set(0, 0, 0);
    }
    getSize(v: Vector3) {
      return v.set(1, 1, 1);
    }
  }
  class Scene {
    children: unknown[] = [];
    add(o: unknown) {
      this.children.push(o);
    }
    clear() {
      this.children = [];
    }
  }
  class Light {
    position = new Vector3();
  }
  class PerspectiveCamera {
    position = new Vector3();
    aspect = 1;
    near = 0.1;
    far = 100;
    updateProjectionMatrix() {}
  }
  class WebGLRenderer {
    domElement = document.createElement('canvas');
    renders = 0;
    disposed = false;
    constructor() {
      fake.renderers.push(this);
    }
    setPixelRatio() {}
    setSize() {}
    render() {
      this.renders += 1;
    }
    dispose() {
      this.disposed = true;
    }
  }
  return {
    AmbientLight: Light,
    Box3,
    DirectionalLight: Light,
    PerspectiveCamera,
    Scene,
    Vector3,
    WebGLRenderer,
  };
});

vi.mock('three/examples/jsm/loaders/GLTFLoader.js', () => ({
  GLTFLoader: class {
    headers: Record<string, string> = {};
    setRequestHeader(headers: Record<string, string>) {
      this.headers = headers;
    }
    loadAsync(url: string) {
      fake.loads.push({ url, headers: this.headers });
      return fake.load();
    }
  },
}));

vi.mock('three/examples/jsm/controls/OrbitControls.js', () => ({
  OrbitControls: class {
    target = {
      x: 0,
      y: 0,
      z: 0,
      set(x: number, y: number, z: number) {
        Object.assign(this, { x, y, z });
      },
      copy(v: { x: number; y: number; z: number }) {
        Object.assign(this, { x: v.x, y: v.y, z: v.z });
      },
    };
    enabled = true;
    disposed = false;
    listeners = new Map<string, () => void>();
    constructor() {
      fake.controls.push(this);
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, listener);
    }
    removeEventListener(type: string) {
      this.listeners.delete(type);
    }
    fire(type: string) {
      this.listeners.get(type)?.();
    }
    update() {}
    dispose() {
      this.disposed = true;
    }
  },
}));

const { HIDDEN_DISPOSE_MS, ModelView } = await import('./model-view');

function material(label: string): SceneMaterial & { colors: string[]; disposed: number } {
  const made = {
    label,
    colors: [] as string[],
    disposed: 0,
    dispose() {
      made.disposed += 1;
    },
    clone: () => material(`${label}'`),
    color: { set: (css: string) => made.colors.push(css) },
  };
  return made;
}

function node(name: string, children: SceneNode[] = [], extra: Partial<SceneNode> = {}): SceneNode {
  const made: SceneNode = {
    name,
    children,
    parent: null,
    rotation: { x: 0, y: 0, z: 0 },
    position: { x: 0, y: 0, z: 0 },
    scale: { x: 1, y: 1, z: 1 },
    ...extra,
  };
  for (const child of children) child.parent = made;
  return made;
}

function pump() {
  const steel = material('steel');
  const geometry = { disposed: 0, dispose: () => (geometry.disposed += 1) };
  const blade = node('blade', [], { isMesh: true, material: steel, geometry });
  const fan = node('fan', [blade]);
  const valve = node('valve');
  return { root: node('Scene', [fan, valve]), steel, blade, fan, valve, geometry };
}

let frames = new Map<number, FrameRequestCallback>();
let nextFrame = 1;
let now = 0;
function runFrames(count = 1) {
  for (let i = 0; i < count; i++) {
    const due = [...frames.values()];
    frames = new Map();
    now += 16;
    act(() => {
      for (const callback of due) callback(now);
    });
  }
}

const URL = '/api/yun/resourcesInfo/model/file/k1/pump.gltf';
const HEADERS = { 'X-Token': 'tok', 'X-User': 'u1' };

beforeEach(() => {
  fake.loads = [];
  fake.renderers = [];
  fake.controls = [];
  frames = new Map();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    const id = nextFrame++;
    frames.set(id, callback);
    return id;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
});

afterEach(() => {
  FakeObserver.all = [];
  setScreenWidth(1280);
});

describe('ModelView', () => {
  it('imports three.js only through a dynamic import of its scene', () => {
    expect(source).not.toMatch(/^import[^;]*from 'three/m);
    expect(source).not.toMatch(/^import (?!type)[^;]*from '\.\/three-scene'/m);
    expect(source).toContain("import('./three-scene')");
  });

  it('loads the model with the headers, then applies colours and drives to its nodes', async () => {
    const model = pump();
    fake.load = () => Promise.resolve({ scene: model.root });
    const { rerender } = render(
      <ModelView
        url={URL}
        headers={HEADERS}
        meshColors={{ fan: 'red' }}
        drives={[{ mesh: 'valve', property: 'rotation.y', value: 1.2 }]}
      />,
    );
    expect(screen.getByRole('status')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });
    expect(fake.loads).toEqual([{ url: URL, headers: HEADERS }]);
    // A colour named for a node colours a clone of the meshes' materials under it.
    expect(model.blade.material).not.toBe(model.steel);
    expect((model.blade.material as ReturnType<typeof material>).colors).toEqual(['red']);
    expect(model.valve.rotation.y).toBe(1.2);
    runFrames();
    expect(fake.renderers[0]?.renders).toBe(1);
    // Drawn on demand: nothing moves, no frame is asked for.
    expect(frames.size).toBe(0);

    rerender(
      <ModelView
        url={URL}
        headers={{ ...HEADERS }}
        drives={[{ mesh: 'valve', property: 'rotation.y', value: 0.3 }]}
      />,
    );
    expect(model.blade.material).toBe(model.steel);
    expect(model.valve.rotation.y).toBe(0.3);
    runFrames();
    expect(fake.renderers[0]?.renders).toBe(2);
    // The same headers in a new object load nothing again.
    expect(fake.loads).toHaveLength(1);
  });

  it('spins only while seen, and frees everything on unmount', async () => {
    const model = pump();
    fake.load = () => Promise.resolve({ scene: model.root });
    const { container, unmount } = render(
      <ModelView url={URL} headers={HEADERS} spin={[{ mesh: 'fan', axis: 'z', rpm: 60 }]} />,
    );
    await waitFor(() => {
      expect(container.querySelector('canvas')).not.toBeNull();
    });
    runFrames(3);
    expect(fake.renderers[0]?.renders).toBe(3);
    expect(model.fan.rotation.z).toBeGreaterThan(0);
    expect(frames.size).toBe(1);

    const box = container.querySelector('.iot-model-view');
    act(() => {
      FakeObserver.show(box!, false);
    });
    expect(frames.size).toBe(0);
    const turned = model.fan.rotation.z;
    runFrames(3);
    expect(fake.renderers[0]?.renders).toBe(3);
    expect(model.fan.rotation.z).toBe(turned);

    act(() => {
      FakeObserver.show(box!, true);
    });
    runFrames(2);
    expect(fake.renderers[0]?.renders).toBe(5);

    unmount();
    expect(fake.renderers[0]?.disposed).toBe(true);
    expect(fake.controls[0]?.disposed).toBe(true);
    expect(model.geometry.disposed).toBe(1);
    expect(model.steel.disposed).toBe(1);
    expect(container.querySelector('canvas')).toBeNull();
    expect(frames.size).toBe(0);
  });

  it('frees the model after it has been unseen a while, and loads it again when seen', async () => {
    const model = pump();
    fake.load = () => Promise.resolve({ scene: model.root });
    const { container } = render(<ModelView url={URL} headers={HEADERS} />);
    await waitFor(() => {
      expect(container.querySelector('canvas')).not.toBeNull();
    });
    const box = container.querySelector('.iot-model-view');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => {
      FakeObserver.show(box!, false);
    });
    act(() => {
      vi.advanceTimersByTime(HIDDEN_DISPOSE_MS - 1);
    });
    expect(fake.renderers[0]?.disposed).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(fake.renderers[0]?.disposed).toBe(true);
    expect(container.querySelector('canvas')).toBeNull();
    vi.useRealTimers();
    act(() => {
      FakeObserver.show(box!, true);
    });
    await waitFor(() => {
      expect(container.querySelector('canvas')).not.toBeNull();
    });
    expect(fake.loads).toHaveLength(2);
    expect(fake.renderers[1]?.disposed).toBe(false);
  });

  it('keeps a spin turning when the system asks for reduced motion: the spin is the data', async () => {
    window.matchMedia = (query: string) =>
      ({
        matches: query.includes('reduced-motion'),
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList;
    const model = pump();
    fake.load = () => Promise.resolve({ scene: model.root });
    const { container } = render(
      <ModelView url={URL} headers={HEADERS} spin={[{ mesh: 'fan', axis: 'z', rpm: 60 }]} />,
    );
    await waitFor(() => {
      expect(container.querySelector('canvas')).not.toBeNull();
    });
    runFrames(3);
    expect(fake.renderers[0]?.renders).toBeGreaterThan(1);
    expect(model.fan.rotation.z).not.toBe(0);
  });

  it('reports the view after an orbit, and orbits only when interactive', async () => {
    const model = pump();
    fake.load = () => Promise.resolve({ scene: model.root });
    const onCameraChange = vi.fn();
    const { container, rerender } = render(
      <ModelView
        url={URL}
        headers={HEADERS}
        camera={{ position: [1, 2, 3], target: [0, 0.5, 0] }}
        onCameraChange={onCameraChange}
      />,
    );
    await waitFor(() => {
      expect(container.querySelector('canvas')).not.toBeNull();
    });
    expect(fake.controls[0]?.enabled).toBe(false);
    rerender(
      <ModelView
        url={URL}
        headers={HEADERS}
        camera={{ position: [1, 2, 3], target: [0, 0.5, 0] }}
        onCameraChange={onCameraChange}
        interactive
      />,
    );
    expect(fake.controls[0]?.enabled).toBe(true);
    act(() => {
      fake.controls[0]?.fire('end');
    });
    expect(onCameraChange).toHaveBeenCalledWith({ position: [1, 2, 3], target: [0, 0.5, 0] });
  });

  it('shows the failed state, and loads again on retry', async () => {
    fake.load = () => Promise.reject(new Error('404'));
    render(<ModelView url={URL} headers={HEADERS} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('3D模型加载失败');
    const model = pump();
    fake.load = () => Promise.resolve({ scene: model.root });
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => {
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
    expect(fake.loads).toHaveLength(2);
  });
});
