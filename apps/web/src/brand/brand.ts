import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import type { BrandConfig } from '@vitrine/core';
import { BRAND_KEY, fetchBrand } from './brand.api';

export { BRAND_KEY };

export const loadBrand = (client: QueryClient) =>
  client.ensureQueryData({ queryKey: BRAND_KEY, queryFn: fetchBrand, staleTime: Infinity });

export function useBrand(): BrandConfig {
  return useSuspenseQuery({ queryKey: BRAND_KEY, queryFn: fetchBrand, staleTime: Infinity }).data;
}

/** Title and favicon follow the brand. */
export function applyBrand(brand: BrandConfig): void {
  document.title = brand.title;
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (icon) icon.href = brand.faviconUrl;
}
