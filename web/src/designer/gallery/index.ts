// The gallery: the picker the editor opens, and the URL helper the editor and the runtime draw images with.
export { GalleryPicker, type GalleryPickerProps } from './gallery-picker';
export { resolveImageUrl } from './resolve-url';
export type { ImageOut, ImageUse, ModelOut } from './types';
