// Shapes of the device settings payloads of docs/api-telemetry.md: control passwords and gateway access
// (hand-written until api.gen.ts covers them).

/** GET /dev/controls?device_id=. */
export interface ControlPasswordOut {
  global_password_set: boolean;
  device_password_set: boolean;
}

/** PUT /dev/controls. */
export interface ControlPasswordInput {
  device_id: number | null;
  password: string | null;
}

/** GET /dev/access. */
export interface DeviceAccessOut {
  mqtt_host: string;
  mqtt_port: number;
  embedded: boolean;
  config_path: string;
  topic_prefix: string;
}
