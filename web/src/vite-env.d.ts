/// <reference types="vite/client" />

/** A language's text bundle (vite.config.ts textBundles): its areas' catalogues by area name. */
declare module 'virtual:texts/*' {
  const areas: Record<string, Record<string, unknown>>;
  export default areas;
}
