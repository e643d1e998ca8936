import { useState } from 'react';
import { Button, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TARIFFS, adminApi, type AdminTariffs, type TariffChange, type TariffPlan } from '@vitrine/core';
import { areaKey } from '../../api/contract';
import { useConfirm } from '../../lib/confirm';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { formatMoney, TariffLimits, useTariffName } from '../funds';
import { removeTariff, useAdminTariffs, useTariffHistory } from './admin.api';
import { DefaultTariff } from './DefaultTariff';
import { TariffForm } from './TariffForm';
import { changedFields, storageUnits } from './tariffValues';

type Row = AdminTariffs['plans'][number];

/** Storage per slot as people read it: whole megabytes, or gigabytes when whole. */
function useStorage() {
  const { t } = useTranslation();
  return (bytes: number) => {
    const { unit, count } = storageUnits(bytes);
    return t(`tariffAdmin.${unit}`, { count });
  };
}

/** What one edit changed, in a line. */
function ChangeText({ change }: { change: TariffChange }) {
  const { t } = useTranslation();
  if (!change.before) return <>{t('tariffAdmin.added')}</>;
  if (!change.after) return <>{t('tariffAdmin.removed')}</>;
  const keys = changedFields(change.before, change.after);
  return <>{keys.map((k) => t(`tariffAdmin.fields.${k}`)).join(', ') || '—'}</>;
}

function TariffHistory() {
  const { t, i18n } = useTranslation();
  const name = useTariffName();
  const [page, setPage] = useState(1);
  const { data } = useTariffHistory(page);
  if (!data) return <Loader />;
  const columns: Column<TariffChange>[] = [
    {
      key: 'date',
      header: t('funds.date'),
      cell: (c) => new Date(c.createdAt).toLocaleString(i18n.language),
    },
    { key: 'tariff', header: t('funds.tariff'), cell: (c) => name(c.tariff) },
    { key: 'what', header: t('tariffAdmin.what'), cell: (c) => <ChangeText change={c} /> },
    { key: 'note', header: t('funds.note'), cell: (c) => c.note ?? '—' },
    { key: 'actor', header: t('funds.actor'), cell: (c) => c.actor ?? '—' },
  ];
  return (
    <>
      <DataTable
        rows={data.changes}
        rowKey={(c) => c.id}
        columns={columns}
        minWidth={640}
        label={t('tariffAdmin.history')}
        empty={<Text size="sm">{t('tariffAdmin.noChanges')}</Text>}
      />
      {data.total > 10 && <Pagination total={Math.ceil(data.total / 10)} value={page} onChange={setPage} />}
    </>
  );
}

/** The table's columns: name, price, limits, storage, features and how many cabinets are on it. */
function useTariffColumns(currency: string): Column<Row>[] {
  const { t } = useTranslation();
  const name = useTariffName();
  const storage = useStorage();
  return [
    { key: 'name', header: t('funds.tariff'), cell: (p) => name(p.id) },
    { key: 'price', header: t('funds.price'), cell: (p) => formatMoney(p.monthlyPrice, currency) },
    { key: 'limits', header: t('funds.limits'), cell: (p) => <TariffLimits plan={p} /> },
    { key: 'storage', header: t('tariffAdmin.storageShort'), cell: (p) => storage(p.storagePerScreen) },
    {
      key: 'features',
      header: t('tariffAdmin.features'),
      cell: (p) =>
        [
          ...p.features.map((f) => t(`tariffAdmin.featureNames.${f}`)),
          ...(p.audioOnly ? [t('tariffAdmin.audioOnly')] : []),
        ].join(', ') || '—',
    },
    { key: 'cabinets', header: t('tariffAdmin.cabinets'), cell: (p) => p.cabinets },
  ];
}

/** A tariff's Edit and Remove buttons. */
function TariffActions({
  tariff,
  onEdit,
  onRemove,
}: {
  tariff: TariffPlan['id'];
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const name = useTariffName();
  return (
    <Group gap={4} wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        aria-label={t('tariffAdmin.editTariff', { tariff: name(tariff) })}
        onClick={onEdit}
      >
        {t('tariffAdmin.edit')}
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        aria-label={t('tariffAdmin.removeTariff', { tariff: name(tariff) })}
        onClick={onRemove}
      >
        {t('tariffAdmin.remove')}
      </Button>
    </Group>
  );
}

/** /admin's tariff table: tariffs are data the platform admin edits (docs/billing.md, "Tariffs"). */
export function TariffTable() {
  const { t } = useTranslation();
  const name = useTariffName();
  const confirm = useConfirm();
  const client = useQueryClient();
  const { data } = useAdminTariffs();
  const [editing, setEditing] = useState<TariffPlan | 'new' | null>(null);
  const columns = useTariffColumns(data?.currency ?? '');
  if (!data) return <Loader />;
  const { currency } = data;
  const remove = async (row: Row) => {
    if (!(await confirm(t('tariffAdmin.removeConfirm', { tariff: name(row.id) })))) return;
    await removeTariff(row.id).then(
      () => client.invalidateQueries({ queryKey: areaKey(adminApi.tariffs) }),
      () => undefined,
    );
  };
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('tariffAdmin.title')}
        </Title>
        {data.plans.length < TARIFFS.length && (
          <Button variant="light" onClick={() => setEditing('new')}>
            {t('tariffAdmin.add')}
          </Button>
        )}
      </Group>
      <DefaultTariff tariffs={data} />
      <DataTable
        rows={data.plans.map((p, i) => ({ ...p, key: i }))}
        rowKey={(p) => p.key}
        columns={columns}
        minWidth={900}
        label={t('tariffAdmin.title')}
        rowAction={{
          header: t('tariffAdmin.actions'),
          cell: (p) => (
            <TariffActions tariff={p.id} onEdit={() => setEditing(p)} onRemove={() => void remove(p)} />
          ),
        }}
      />
      <Title order={3} size="h5">
        {t('tariffAdmin.history')}
      </Title>
      <TariffHistory />
      {editing && (
        <TariffForm
          plan={editing === 'new' ? null : editing}
          taken={data.plans.map((p) => p.id)}
          currency={currency}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
