import { Suspense, lazy, useState } from 'react';
import {
  Button,
  FileInput,
  Group,
  Image,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconMapPinOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PHOTO_MAX_BYTES, formatSize, type Point } from '@vitrine/core';
import { SettingInput, type SettingField } from '../SettingFields';
import { usePointActions } from '../points.api';

import { Block, SaveButton, useHas, useSettingsForm } from './shared';

/** Leaflet comes with the map, only when a settings tab opens. */
const LocationPicker = lazy(() => import('../LocationMap').then((m) => ({ default: m.LocationPicker })));

const MAP_HEIGHT = 340;

/** Latitude and longitude fields, the map under them, and a way to drop the location. */
function LocationFields({
  value,
  errors,
  editable,
  onChange,
}: {
  value: Point['location'] | undefined;
  errors: Record<string, string>;
  editable: boolean;
  onChange: (location: Point['location']) => void;
}) {
  const { t } = useTranslation();
  const location = value ?? null;
  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" size="sm" fw={600} p={0}>
        {t('points.map.title')}
      </Text>
      <Group align="flex-end" wrap="wrap" gap="sm">
        <NumberInput
          label={t('points.latitude')}
          min={-90}
          max={90}
          decimalScale={6}
          w={180}
          value={location?.lat ?? ''}
          error={errors['location.lat']}
          onChange={(n) => onChange(n === '' ? null : { lat: Number(n), lng: location?.lng ?? 0 })}
        />
        <NumberInput
          label={t('points.longitude')}
          min={-180}
          max={180}
          decimalScale={6}
          w={180}
          value={location?.lng ?? ''}
          error={errors['location.lng']}
          onChange={(n) => onChange(n === '' ? null : { lat: location?.lat ?? 0, lng: Number(n) })}
        />
        {editable && (
          <Button
            variant="default"
            leftSection={<IconMapPinOff size={16} />}
            disabled={!location}
            onClick={() => onChange(null)}
          >
            {t('points.map.clear')}
          </Button>
        )}
      </Group>
      {!location && (
        <Text size="sm" c="dimmed">
          {t('points.map.none')}
        </Text>
      )}
      <Suspense fallback={<Skeleton h={MAP_HEIGHT} aria-label={t('points.map.loading')} />}>
        <LocationPicker
          value={location}
          height={MAP_HEIGHT}
          {...(editable ? { onChange: (next: { lat: number; lng: number }) => onChange(next) } : {})}
        />
      </Suspense>
    </Stack>
  );
}

export function SettingsTab({ point }: { point: Point }) {
  const { t } = useTranslation();
  const has = useHas();
  const form = useSettingsForm(point, (p) => ({
    name: p.name,
    address: p.address,
    location: p.location,
    timezone: p.timezone,
    rotation: p.rotation,
    autostart: p.autostart,
    transitionMs: p.transitionMs,
    relaunchInterval: p.relaunchInterval,
    syncInterval: p.syncInterval,
    workFrom: p.workFrom,
    workTo: p.workTo,
    commercialCycle: p.commercialCycle,
    config: p.config,
    nets: p.net.map((n) => n.id),
  }));
  const v = form.values;
  const field = <F extends Exclude<SettingField, 'windows'>>(name: F) => (
    <SettingInput
      field={name}
      value={v[name]}
      error={form.errors[name]}
      onChange={(x) => form.set(name, x)}
    />
  );
  return (
    <Stack>
      <Block title={t('pointTabs.settings')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('points.name')}
            value={v.name ?? ''}
            error={form.errors.name}
            onChange={(e) => form.set('name', e.currentTarget.value)}
          />
          <TextInput
            label={t('points.address')}
            value={v.address ?? ''}
            onChange={(e) => form.set('address', e.currentTarget.value || null)}
          />
        </SimpleGrid>
        <LocationFields
          value={v.location}
          errors={form.errors}
          editable={has('point.patch')}
          onChange={(location) => form.set('location', location)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {field('timezone')}
          {field('rotation')}
          {field('transitionMs')}
          {field('relaunchInterval')}
          {field('syncInterval')}
          {field('workFrom')}
          {field('workTo')}
          {field('commercialCycle')}
          {has('net.route') && field('nets')}
        </SimpleGrid>
        {field('autostart')}
        <Textarea
          label={t('points.config')}
          autosize
          minRows={3}
          styles={{ input: { fontFamily: 'monospace' } }}
          value={v.config ?? ''}
          error={form.errors.config}
          onChange={(e) => form.set('config', e.currentTarget.value || null)}
        />
        <SaveButton onClick={() => form.save()} loading={form.saving} />
      </Block>
      <PhotoBlock point={point} />
    </Stack>
  );
}

/** The screen's photo, and its upload (a PNG or JPEG up to the size limit). */
function PhotoBlock({ point }: { point: Point }) {
  const { t } = useTranslation();
  const has = useHas();
  const [photoError, setPhotoError] = useState<string | null>(null);
  const { photo } = usePointActions();
  return (
    <Block title={t('points.photo')}>
      {point.photoUrl && (
        <Image src={point.photoUrl} alt={t('points.photoOf', { name: point.name })} maw={320} radius="sm" />
      )}
      {has('point.patch') && (
        <FileInput
          label={t('points.photoUpload')}
          accept="image/png,image/jpeg"
          error={photoError}
          onChange={(file) => {
            setPhotoError(null);
            if (!file) return;
            if (file.size > PHOTO_MAX_BYTES) {
              setPhotoError(t('pointMessages.photoTooLarge', { size: formatSize(PHOTO_MAX_BYTES) }));
              return;
            }
            photo.mutate({ id: point.id, file });
          }}
        />
      )}
    </Block>
  );
}
