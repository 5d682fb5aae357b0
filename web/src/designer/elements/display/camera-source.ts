// The device a screen shows, for the camera element (issue 38 point 4): a screen binds data sources, not devices
// (DESIGN §7); the runtime knows the device and its template and provides them here; the canvas provides none.
import { createContext, useContext } from 'react';

export interface CameraDevice {
  deviceId: number;
  /** The template whose camera slots (/yun/module/video) a camera element names by index. */
  templateId: number | null;
  /** A share link's token, on a shared page: the camera's address is asked through the link. */
  share: string | null;
}

export const CameraSourceContext = createContext<CameraDevice | null>(null);

export function useCameraDevice(): CameraDevice | null {
  return useContext(CameraSourceContext);
}
