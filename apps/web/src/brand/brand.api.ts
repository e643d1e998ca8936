import { brandApi } from '@vitrine/core';
import { call, keyOf } from '../api/contract';

/** GET /api/brand: the installation's name, colours and pictures (kept over a change of session). */
export const BRAND_KEY = keyOf(brandApi.get);
export const fetchBrand = () => call(brandApi.get, {}, { silent: true });
