import { useEffect, useRef, useState } from 'react';
import { useComputedColorScheme } from '@mantine/core';
import type { BrandConfig, MapConfig } from '@vitrine/core';
import { useBrand } from '../../brand/brand';
import { createBaseMap, type BaseMap } from './baseMap';

const NO_TILES: MapConfig = { tileUrl: null, attribution: null, maxNativeZoom: 19 };

export function useMapConfig(): MapConfig {
  const brand = useBrand() as BrandConfig & { map?: MapConfig };
  return brand.map ?? NO_TILES;
}

/** A base map kept in a ref for the life of the component; recreated when the tile source changes. */
export function useBaseMap(config: MapConfig) {
  const ref = useRef<HTMLDivElement>(null);
  const scheme = useComputedColorScheme('light');
  const [base, setBase] = useState<BaseMap | null>(null);
  const schemeRef = useRef(scheme);
  useEffect(() => {
    schemeRef.current = scheme;
    base?.restyle(scheme);
  }, [base, scheme]);
  useEffect(() => {
    const created = createBaseMap(ref.current!, config, schemeRef.current);
    setBase(created);
    return () => {
      created.map.remove();
      setBase(null);
    };
  }, [config]);
  return { ref, base };
}
