import { ColorInput, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FLOATING_DEFAULTS, FLOATING_POSITIONS, PLAYLIST_THEMES, type PlaylistInput } from '@vitrine/core';

type Fields = Pick<PlaylistInput, 'type' | 'theme' | 'interval' | 'floating' | 'geofence'>;

const isNamedTheme = (theme: string | null): boolean =>
  theme === null || (PLAYLIST_THEMES as readonly string[]).includes(theme);

interface FieldsProps {
  value: Fields;
  errors: Record<string, string>;
  onChange: <K extends keyof Fields>(field: K, next: Fields[K]) => void;
}

/** A FLOATING playlist's window: where on the screen, and how big (percent). */
function FloatingFields({ value, errors, onChange }: FieldsProps) {
  const { t } = useTranslation();
  const floating = value.floating ?? FLOATING_DEFAULTS;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label={t('playlists.floatingPosition')}
        allowDeselect={false}
        data={FLOATING_POSITIONS.map((v) => ({ value: v, label: t(`playlists.positions.${v}`) }))}
        value={floating.position}
        error={errors['floating.position']}
        onChange={(v) => v && onChange('floating', { ...floating, position: v as typeof floating.position })}
      />
      <NumberInput
        min={10}
        max={100}
        allowDecimal={false}
        label={t('playlists.floatingSize')}
        value={floating.size}
        error={errors['floating.size']}
        onChange={(v) => onChange('floating', { ...floating, size: v === '' ? 10 : Number(v) })}
      />
    </SimpleGrid>
  );
}

/** The area the playlist is bound to: a centre and a radius in metres (content by coordinates). */
function GeofenceFields({ value, errors, onChange }: FieldsProps) {
  const { t } = useTranslation();
  const geofence = value.geofence;
  return (
    <Stack gap={6}>
      <Switch
        label={t('playlists.geofence')}
        description={t('playlists.geofenceHelp')}
        checked={geofence !== null}
        onChange={(e) =>
          onChange('geofence', e.currentTarget.checked ? { lat: 0, lng: 0, radius: 1000 } : null)
        }
      />
      {geofence && (
        <Group grow align="flex-start">
          <NumberInput
            label={t('playlists.latitude')}
            min={-90}
            max={90}
            decimalScale={6}
            value={geofence.lat}
            error={errors['geofence.lat']}
            onChange={(v) => onChange('geofence', { ...geofence, lat: Number(v) || 0 })}
          />
          <NumberInput
            label={t('playlists.longitude')}
            min={-180}
            max={180}
            decimalScale={6}
            value={geofence.lng}
            error={errors['geofence.lng']}
            onChange={(v) => onChange('geofence', { ...geofence, lng: Number(v) || 0 })}
          />
          <NumberInput
            label={t('playlists.radius')}
            min={10}
            max={1_000_000}
            allowDecimal={false}
            value={geofence.radius}
            error={errors['geofence.radius']}
            onChange={(v) => onChange('geofence', { ...geofence, radius: Number(v) || 10 })}
          />
        </Group>
      )}
      {geofence && (
        <Text size="xs" c="dimmed">
          {t('playlists.geofenceScreens')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * How the playlist looks on the screen: its backdrop (theme), the pause between items, a FLOATING
 * playlist's window, and the area it is bound to (content by coordinates: docs/scheduling.md).
 */
export function PlaylistAppearance({ value, errors, onChange }: FieldsProps) {
  const { t } = useTranslation();
  const custom = !isNamedTheme(value.theme);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('playlists.theme')}
          description={t('playlists.themeHelp')}
          allowDeselect={false}
          data={[
            { value: '', label: t('playlists.themes.none') },
            ...PLAYLIST_THEMES.map((v) => ({ value: v, label: t(`playlists.themes.${v}`) })),
            { value: 'custom', label: t('playlists.themes.custom') },
          ]}
          value={custom ? 'custom' : (value.theme ?? '')}
          error={custom ? undefined : errors.theme}
          onChange={(v) => onChange('theme', v === 'custom' ? '#1a1b1e' : v || null)}
        />
        {custom && (
          <ColorInput
            label={t('playlists.themeColor')}
            format="hex"
            value={value.theme ?? ''}
            error={errors.theme}
            onChange={(v) => onChange('theme', v || null)}
          />
        )}
        <NumberInput
          min={0}
          max={86400}
          allowDecimal={false}
          label={t('playlists.interval')}
          description={t('playlists.intervalHelp')}
          value={value.interval ?? ''}
          error={errors.interval}
          onChange={(v) => onChange('interval', v === '' ? null : Number(v))}
        />
      </SimpleGrid>
      {value.type === 'FLOATING' && <FloatingFields value={value} errors={errors} onChange={onChange} />}
      <GeofenceFields value={value} errors={errors} onChange={onChange} />
    </Stack>
  );
}
