/** Distances on the earth, for content bound to coordinates (geofences). */

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (degrees: number): number => (degrees * Math.PI) / 180;

/** Great-circle distance in metres between two points (haversine). */
export function distanceMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Whether a position lies within a circle; no position is never inside. */
export function insideGeofence(
  position: { lat: number; lng: number } | null | undefined,
  fence: { lat: number; lng: number; radius: number },
): boolean {
  return position != null && distanceMeters(position, fence) <= fence.radius;
}
