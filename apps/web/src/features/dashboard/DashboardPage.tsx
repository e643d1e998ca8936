import { useState } from 'react';
import { SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FullnessRange } from '@vitrine/core';
import { useUserInfo } from '../auth';
import { HowToStart } from '../onboarding';
import { useDashboard } from './dashboard.api';
import { BillingCard } from '../funds';
import { LoadFailed } from '../../lib/LoadFailed';
import { Fullness } from './Fullness';
import { PlaylistsCard, ScreensCard, SpaceCard } from './StatCards';

/** '/': the cabinet at a glance (spec §2): space, screens, playlists and broadcast fullness. */
export function DashboardPage() {
  const { t } = useTranslation();
  const [range, setRange] = useState<FullnessRange>('1d');
  const { data, isLoading, isFetching, isPlaceholderData } = useDashboard(range);
  const { data: me } = useUserInfo();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('menu.dashboard')}
      </Title>
      {me && <HowToStart info={me} />}
      {!data ? (
        isLoading ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy aria-label={t('dashboard.loading')}>
            <Skeleton h={150} radius="md" />
            <Skeleton h={150} radius="md" />
            <Skeleton h={150} radius="md" />
          </SimpleGrid>
        ) : (
          <LoadFailed>{t('dashboard.failed')}</LoadFailed>
        )
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <SpaceCard space={data.space} />
            <ScreensCard points={data.points} />
            <PlaylistsCard playlists={data.playlists} />
            {data.billing && <BillingCard billing={data.billing} />}
          </SimpleGrid>
          <Fullness
            data={data}
            range={range}
            onRange={setRange}
            refreshing={isFetching && isPlaceholderData}
          />
        </>
      )}
    </Stack>
  );
}
