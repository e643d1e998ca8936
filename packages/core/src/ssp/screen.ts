/**
 * What a screen must say about itself before it is offered to advertisers (spec §5: 'For the SSP
 * connector to work, the device name, address, location, photo, audience data and playback cost must be
 * set'), and how it is described to them (OpenRTB 2.6 DOOH).
 */
export const SSP_REQUIRED_FIELDS = [
  'name',
  'address',
  'location',
  'photo',
  'audience',
  'playbackCost',
] as const;
export type SspRequiredField = (typeof SSP_REQUIRED_FIELDS)[number];
export const SSP_MESSAGE =
  'For the SSP connector to work, the device name, address, location, photo, audience data and playback cost must be set';

export interface SspScreenFacts {
  name: string | null;
  address: string | null;
  location: { lat: number; lng: number } | null;
  hasPhoto: boolean;
  /** People who see one show (the screen's audience setting), if set. */
  audience: number | null;
  /** What a play costs the advertiser at least (the screen's playback cost), if set. */
  playbackCost: string | null;
}

/** The fields a screen lacks before it can be offered; empty when it can be. */
export function sspMissing(facts: SspScreenFacts): SspRequiredField[] {
  const missing: SspRequiredField[] = [];
  if (!facts.name?.trim()) missing.push('name');
  if (!facts.address?.trim()) missing.push('address');
  if (!facts.location) missing.push('location');
  if (!facts.hasPhoto) missing.push('photo');
  if (facts.audience === null || !(facts.audience > 0)) missing.push('audience');
  if (facts.playbackCost === null || !/^\d+(\.\d+)?$/.test(facts.playbackCost)) missing.push('playbackCost');
  return missing;
}
