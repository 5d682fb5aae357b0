// Where a 3D model element's files come from: the signed-in console loads the .gltf's URL the gallery gave with the
// session's token (ModelView's default headers); a share link's page loads it through the link
// (GET /yun/shared/model/{token}/{model_id}/{file}, no headers: the buffers and textures resolve beside it). The
// runtime provides the share link's with <ModelFilesContext.Provider> (designer/runtime/device-screen.tsx, from its
// feed source); the canvas and the console use the default.
import { createContext, useContext } from 'react';

import { resolveImageUrl } from '../../../gallery/resolve-url';
import { gltfName } from './scene';

export interface ModelFiles {
  /** The .gltf's URL to load. */
  url: string;
  /** The headers to fetch with; absent: the session's token. */
  headers?: Record<string, string>;
}

export type ModelFilesOf = (modelId: number, modelUrl: string) => ModelFiles;

export const consoleModelFiles: ModelFilesOf = (_, modelUrl) => ({ url: resolveImageUrl(modelUrl) });

/** A share link's: the model through the link's own address, with no token headers. */
export function sharedModelFiles(token: string): ModelFilesOf {
  return (modelId, modelUrl) => ({
    url: resolveImageUrl(
      `/api/yun/shared/model/${encodeURIComponent(token)}/${String(modelId)}/${gltfName(modelUrl)}`,
    ),
    headers: {},
  });
}

export const ModelFilesContext = createContext<ModelFilesOf>(consoleModelFiles);

export function useModelFiles(): ModelFilesOf {
  return useContext(ModelFilesContext);
}
