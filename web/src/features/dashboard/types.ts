// Shapes of the configuration carousel payloads in docs/api-carousel.md: the server's schemas (api.gen.ts).
import type { Schema } from '@/types/schema';

/** A carousel group of GET /carousel: interval in seconds, intra-group rotation on or off, devices still readable. */
export type CarouselGroup = Schema<'CarouselGroupOut'>;

/** A device of GET /carousel/dev, with its template and whether that template has a main web screen. */
export type CarouselDevice = Schema<'CarouselDeviceOut'>;

/** PUT /carousel: fields left out stay. */
export type CarouselGroupUpdate = Omit<Schema<'CarouselGroupUpdateIn'>, 'id'>;

/** POST /carousel: a new group with its devices (in order) and its rotation, made in one request. */
export type CarouselGroupCreate = Pick<
  Schema<'CarouselGroupIn'>,
  'name' | 'interval' | 'rotate' | 'device_ids'
>;
