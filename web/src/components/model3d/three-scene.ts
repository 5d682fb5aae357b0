// The 3D model viewer's three.js side, loaded by ModelView with a dynamic import so three.js is its own lazy chunk
// (vite.config.ts group "three"), fetched by the first screen or dashboard that shows a model and by no other page.
// It loads a glTF with the caller's headers (the model's files need the session's token: docs/api-resources.md),
// draws it on demand (a change of colours, drives, camera or size; every frame only while a spin turns), only while
// the viewer is seen, and frees everything it made on dispose. The rules it follows are scene-rules.ts.
import {
  AmbientLight,
  Box3,
  DirectionalLight,
  Mesh,
  MeshLambertMaterial,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  Vector3,
  WebGLRenderer,
  type Object3D,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

import {
  applyDrives,
  applyMeshColors,
  advanceSpins,
  cameraViewOf,
  disposeTree,
  indexNodes,
  meshColorsShown,
  type CameraView,
  type ColorRecord,
  type Drive,
  type SceneNode,
  type Spin,
} from './scene-rules';

export interface SceneOptions {
  url: string;
  headers: Record<string, string>;
  interactive: boolean;
  /** The view after the person orbited or zoomed (at the end of the gesture). */
  onCameraChange?: (view: CameraView) => void;
}

/** What the viewer shows of the loaded model; `spins` are those that turn. */
export interface SceneState {
  camera?: CameraView;
  meshColors: Readonly<Record<string, string>>;
  drives: readonly Drive[];
  spins: readonly Spin[];
}

export interface ModelScene {
  /** The names of the model's nodes, in the scene's order (what a designer picks a drive's or a colour's node from). */
  nodeNames: string[];
  update: (state: SceneState) => void;
  setVisible: (visible: boolean) => void;
  setInteractive: (interactive: boolean) => void;
  setOnCameraChange: (listener: ((view: CameraView) => void) | undefined) => void;
  dispose: () => void;
}

const asNode = (object: Object3D) => object as unknown as SceneNode;

const SOFTWARE_GL = /swiftshader|llvmpipe|softpipe|software/i;
let softwareGl: boolean | undefined;

/** Whether this browser draws WebGL on the processor (SwiftShader, llvmpipe: no GPU, or the GPU blocked), asked once
 * per page of a throwaway context. There each sample costs processor time on the page's side: multisampling is off
 * and one pixel is drawn per CSS pixel, which took the benchmark's 20,000-triangle fan from 15.5 to 34 frames/s
 * (B8, headless Chromium) where a GPU would not notice either. */
function drawsInSoftware(): boolean {
  if (softwareGl !== undefined) return softwareGl;
  softwareGl = false;
  try {
    const gl = document.createElement('canvas').getContext('webgl2') ?? undefined;
    if (gl) {
      const info = gl.getExtension('WEBGL_debug_renderer_info');
      const name = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER) ?? '');
      softwareGl = SOFTWARE_GL.test(name);
      gl.getExtension('WEBGL_lose_context')?.loseContext();
    }
  } catch {
    // No WebGL to ask: the renderer's own creation says so below.
  }
  return softwareGl;
}

/** On a processor-drawn WebGL, each glTF PBR material (MeshStandardMaterial: metalness and roughness lit per pixel)
 * becomes a Lambert one of the same colour, map, emission and transparency, a material shared by meshes staying
 * shared; the PBR ones are freed. The per-pixel lighting was most of the frame on SwiftShader: B8's fan drew 22
 * frames/s on a busy machine with them, 33 without (the same run's screen without the model: 34 % busy either way). */
function plainMaterials(model: Object3D): void {
  const plain = new Map<MeshStandardMaterial, MeshLambertMaterial>();
  const swap = (material: unknown) => {
    if (!(material instanceof MeshStandardMaterial)) return material;
    let found = plain.get(material);
    if (!found) {
      found = new MeshLambertMaterial({
        name: material.name,
        color: material.color,
        map: material.map,
        emissive: material.emissive,
        emissiveMap: material.emissiveMap,
        emissiveIntensity: material.emissiveIntensity,
        alphaMap: material.alphaMap,
        transparent: material.transparent,
        opacity: material.opacity,
        alphaTest: material.alphaTest,
        side: material.side,
        vertexColors: material.vertexColors,
      });
      plain.set(material, found);
    }
    return found;
  };
  model.traverse((object) => {
    if (object instanceof Mesh)
      object.material = Array.isArray(object.material) ? object.material.map(swap) : swap(object.material);
  });
  for (const material of plain.keys()) material.dispose();
}

/** Loads the model of `options.url` and draws it into `container`; rejects when the model cannot be loaded. */
export async function openModelScene(container: HTMLElement, options: SceneOptions): Promise<ModelScene> {
  const loader = new GLTFLoader();
  loader.setRequestHeader(options.headers);
  const gltf = await loader.loadAsync(options.url);
  const model = gltf.scene;
  const software = drawsInSoftware();
  if (software) plainMaterials(model);
  const root = asNode(model);
  const nodes = indexNodes(root);
  const book = new Map<SceneNode, ColorRecord>();

  const scene = new Scene();
  scene.add(model);
  scene.add(new AmbientLight(0xffffff, 1.2));
  const sun = new DirectionalLight(0xffffff, 2);
  sun.position.set(5, 10, 7);
  scene.add(sun);

  const camera = new PerspectiveCamera(45, 1, 0.01, 1000);
  const renderer = new WebGLRenderer({ antialias: !software, alpha: true });
  renderer.setPixelRatio(software ? 1 : Math.min(window.devicePixelRatio || 1, 2));
  renderer.domElement.style.display = 'block';
  container.appendChild(renderer.domElement);

  const controls = new OrbitControls(camera, renderer.domElement);
  controls.enabled = options.interactive;

  // The model framed whole when no view is given: the camera back along a diagonal by its size.
  const box = new Box3().setFromObject(model);
  const center = box.getCenter(new Vector3());
  const size = box.getSize(new Vector3()).length() || 1;
  const frameModel = () => {
    camera.position.set(center.x + size * 0.6, center.y + size * 0.45, center.z + size * 0.9);
    controls.target.copy(center);
    camera.near = size / 100;
    camera.far = size * 100;
    camera.updateProjectionMatrix();
    controls.update();
  };
  frameModel();

  let visible = true;
  let disposed = false;
  let frame = 0;
  let last = 0;
  let state: SceneState = { meshColors: {}, drives: [], spins: [] };
  let viewKey = '';
  let onCameraChange = options.onCameraChange;

  const tick = (now: number) => {
    frame = 0;
    if (disposed || !visible) return;
    if (state.spins.length > 0) {
      advanceSpins(nodes, state.spins, last ? now - last : 0);
      last = now;
    } else last = 0;
    applyDrives(nodes, state.drives);
    renderer.render(scene, camera);
    if (state.spins.length > 0) request();
  };
  function request() {
    if (disposed || !visible || frame) return;
    frame = requestAnimationFrame(tick);
  }

  const resize = () => {
    const width = container.clientWidth;
    const height = container.clientHeight;
    if (width <= 0 || height <= 0) return;
    renderer.setSize(width, height, false);
    renderer.domElement.style.width = '100%';
    renderer.domElement.style.height = '100%';
    camera.aspect = width / height;
    camera.updateProjectionMatrix();
    request();
  };
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(resize);
  observer?.observe(container);
  resize();

  const onChange = () => request();
  const onEnd = () => onCameraChange?.(cameraViewOf(camera.position, controls.target));
  controls.addEventListener('change', onChange);
  controls.addEventListener('end', onEnd);

  return {
    nodeNames: [...nodes.keys()],
    update(next) {
      state = next;
      const key = next.camera ? JSON.stringify(next.camera) : '';
      if (key !== viewKey) {
        viewKey = key;
        if (next.camera) {
          camera.position.set(...next.camera.position);
          controls.target.set(...next.camera.target);
          controls.update();
        } else frameModel();
      }
      if (applyMeshColors(root, next.meshColors, book) || !container.dataset.meshColors) {
        // What each mesh's material shows now, read back from three.js: the page's own record of the colours
        // (a browser test reads it; a canvas's pixels say nothing a test could name).
        container.dataset.meshColors = JSON.stringify(meshColorsShown(root));
      }
      applyDrives(nodes, next.drives);
      request();
    },
    setVisible(next) {
      visible = next;
      last = 0;
      if (!next && frame) {
        cancelAnimationFrame(frame);
        frame = 0;
      }
      request();
    },
    setInteractive(interactive) {
      controls.enabled = interactive;
    },
    setOnCameraChange(listener) {
      onCameraChange = listener;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      if (frame) cancelAnimationFrame(frame);
      observer?.disconnect();
      controls.removeEventListener('change', onChange);
      controls.removeEventListener('end', onEnd);
      controls.dispose();
      disposeTree(root, book);
      scene.clear();
      renderer.dispose();
      renderer.domElement.remove();
      delete container.dataset.meshColors;
    },
  };
}
