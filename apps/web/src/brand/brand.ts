import { useSuspenseQuery, type QueryClient } from '@tanstack/react-query';
import { brandApi, type BrandConfig } from '@vitrine/core';
import { call } from '../api/contract';

export const BRAND_KEY = ['brand'] as const;
const fetchBrand = () => call(brandApi.get, {}, { silent: true });

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
