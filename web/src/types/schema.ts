// A payload schema of the server's OpenAPI document (api.gen.ts), by its schema name.
import type { components } from './api.gen';

export type Schema<K extends keyof components['schemas']> = components['schemas'][K];
