// The sector screens' addresses.
export const sectorPaths = {
  manage: '/module/business',
  portal: '/business',
  detail: (id: number) => `/detail?id=${String(id)}`,
};
