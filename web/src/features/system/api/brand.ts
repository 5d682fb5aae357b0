// The brand's calls of the personalization page (docs/api-system.md "Personalization and white label"): PUT and
// DELETE /yun/individuation (P81000) and POST /yun/individuation/image. What they answer becomes the brand in force
// at once in this tab (the query the console keeps, lib/brand/tenant-brand.ts); the other consoles of the tenant
// hear it on the live socket.
import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { BrandOut } from '@/lib/brand/brand';
import { brandQueryOptions } from '@/lib/brand/tenant-brand';
import { del, post, put } from '@/lib/http';
import { useSession } from '@/lib/session';
import type { Schema } from '@/types/schema';

export type BrandIn = Schema<'BrandIn'>;
export type BrandImageOut = Schema<'BrandImageOut'>;
export type BrandSlot = BrandImageOut['slot'];

function useKeepBrand() {
  const client = useQueryClient();
  const tenantId = useSession((s) => s.tenantId);
  return (brand: BrandOut) => {
    client.setQueryData(brandQueryOptions(tenantId).queryKey, brand);
  };
}

export function useSaveBrand() {
  const keep = useKeepBrand();
  return useMutation({
    mutationFn: (body: BrandIn) => put<BrandOut>('/yun/individuation', body, { silent: true }),
    onSuccess: keep,
  });
}

export function useResetBrand() {
  const keep = useKeepBrand();
  return useMutation({
    mutationFn: () => del<BrandOut>('/yun/individuation'),
    onSuccess: keep,
  });
}

/** An image for one place of the brand, kept pending until a save names it. */
export function uploadBrandImage(slot: BrandSlot, file: File): Promise<BrandImageOut> {
  const body = new FormData();
  body.append('slot', slot);
  body.append('file', file);
  return post<BrandImageOut>('/yun/individuation/image', body, { silent: true });
}
