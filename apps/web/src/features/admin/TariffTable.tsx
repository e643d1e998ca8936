import { useState } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Pagination,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FEATURES,
  TARIFFS,
  TariffPlanInput,
  adminApi,
  formatMinor,
  parseMinor,
  type AdminTariffs,
  type Feature,
  type TariffChange,
  type TariffPlan,
} from '@vitrine/core';
import { areaKey } from '../../api/contract';
import { useConfirm } from '../../lib/confirm';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { formatMoney, TariffLimits, useTariffName } from '../funds';
import { removeTariff, saveTariff, useAdminTariffs, useTariffHistory } from './admin.api';
import { DefaultTariff } from './DefaultTariff';
import { useUnsavedDialog } from '../../lib/unsaved';

const MB = 1024 * 1024;
type Row = AdminTariffs['plans'][number];

/** Storage per slot as people read it: whole megabytes, or gigabytes when whole. */
function useStorage() {
  const { t } = useTranslation();
  return (bytes: number) =>
    bytes % (1024 * MB) === 0 && bytes > 0
      ? t('tariffAdmin.gb', { count: bytes / (1024 * MB) })
      : t('tariffAdmin.mb', { count: Math.round(bytes / MB) });
}

/** One tariff's form: the price as exact text (never a float), storage in megabytes, the features. */
function TariffForm({
  plan,
  taken,
  currency,
  onClose,
}: {
  plan: TariffPlan | null;
  taken: string[];
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const name = useTariffName();
  const client = useQueryClient();
  const free = TARIFFS.filter((id) => !taken.includes(id));
  const start: TariffPlan = plan
    ? {
        id: plan.id,
        monthlyPrice: plan.monthlyPrice,
        screenLimit: plan.screenLimit,
        freeSlots: plan.freeSlots,
        storagePerScreen: plan.storagePerScreen,
        features: plan.features,
        audioOnly: plan.audioOnly,
      }
    : {
        id: free[0] ?? 'free',
        monthlyPrice: 0,
        screenLimit: null,
        freeSlots: 0,
        storagePerScreen: 500 * MB,
        features: ['video'],
        audioOnly: false,
      };
  const form = useZodForm(TariffPlanInput, { ...start, features: [...start.features] });
  const [price, setPrice] = useState(formatMinor(start.monthlyPrice));
  const features = form.values.features as Feature[];
  const submit = useFormSubmit(form, saveTariff, {
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: areaKey(adminApi.tariffs) });
      onClose();
    },
  });
  const close = useUnsavedDialog(form.isDirty, onClose);
  return (
    <Modal
      opened
      onClose={close}
      title={plan ? t('tariffAdmin.editTariff', { tariff: name(plan.id) }) : t('tariffAdmin.add')}
    >
      <form onSubmit={submit.onSubmit} noValidate>
        <Stack gap="xs">
          {!plan && (
            <Select
              label={t('funds.tariff')}
              data={free.map((id) => ({ value: id, label: name(id) }))}
              value={form.values.id}
              allowDeselect={false}
              error={form.errors['id']}
              onChange={(value) => value && form.set('id', value as TariffPlan['id'])}
            />
          )}
          <TextInput
            label={t('tariffAdmin.price', { currency: currency.toUpperCase() })}
            inputMode="decimal"
            value={price}
            error={form.errors['monthlyPrice']}
            onChange={(e) => {
              setPrice(e.currentTarget.value);
              form.set('monthlyPrice', parseMinor(e.currentTarget.value) ?? Number.NaN);
            }}
          />
          <Switch
            label={t('tariffAdmin.noLimit')}
            checked={form.values.screenLimit === null}
            onChange={(e) =>
              form.set('screenLimit', e.currentTarget.checked ? null : Math.max(1, form.values.freeSlots))
            }
          />
          {form.values.screenLimit !== null && (
            <NumberInput
              label={t('tariffAdmin.screenLimit')}
              min={1}
              allowDecimal={false}
              value={form.values.screenLimit}
              error={form.errors['screenLimit']}
              onChange={(v) => form.set('screenLimit', typeof v === 'number' ? v : Number.NaN)}
            />
          )}
          <NumberInput
            label={t('tariffAdmin.freeSlots')}
            min={0}
            allowDecimal={false}
            value={form.values.freeSlots}
            error={form.errors['freeSlots']}
            onChange={(v) => form.set('freeSlots', typeof v === 'number' ? v : Number.NaN)}
          />
          <NumberInput
            label={t('tariffAdmin.storage')}
            min={0}
            allowDecimal={false}
            value={Math.round(form.values.storagePerScreen / MB)}
            error={form.errors['storagePerScreen']}
            onChange={(v) => form.set('storagePerScreen', typeof v === 'number' ? v * MB : Number.NaN)}
          />
          <Checkbox.Group
            label={t('tariffAdmin.features')}
            value={features}
            error={form.errors['features']}
            onChange={(list) => form.set('features', list as Feature[])}
          >
            <Group gap="sm" mt={4}>
              {FEATURES.map((f) => (
                <Checkbox key={f} value={f} label={t(`tariffAdmin.featureNames.${f}`)} />
              ))}
            </Group>
          </Checkbox.Group>
          <Switch label={t('tariffAdmin.audioOnly')} {...form.checkboxProps('audioOnly')} />
          <TextInput label={t('tariffAdmin.note')} {...form.inputProps('note', { optional: true })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={submit.busy}>
              {t('billingAdmin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** What one edit changed, in a line. */
function ChangeText({ change }: { change: TariffChange }) {
  const { t } = useTranslation();
  if (!change.before) return <>{t('tariffAdmin.added')}</>;
  if (!change.after) return <>{t('tariffAdmin.removed')}</>;
  const { before, after } = change;
  const keys = (Object.keys(after) as (keyof TariffPlan)[]).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
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

/** /admin's tariff table: tariffs are data the platform admin edits (docs/billing.md, "Tariffs"). */
export function TariffTable() {
  const { t } = useTranslation();
  const name = useTariffName();
  const storage = useStorage();
  const confirm = useConfirm();
  const client = useQueryClient();
  const { data } = useAdminTariffs();
  const [editing, setEditing] = useState<TariffPlan | 'new' | null>(null);
  if (!data) return <Loader />;
  const { currency } = data;
  const remove = async (row: Row) => {
    if (!(await confirm(t('tariffAdmin.removeConfirm', { tariff: name(row.id) })))) return;
    await removeTariff(row.id).then(
      () => client.invalidateQueries({ queryKey: areaKey(adminApi.tariffs) }),
      () => undefined,
    );
  };
  const columns: Column<Row>[] = [
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
            <Group gap={4} wrap="nowrap">
              <Button
                size="xs"
                variant="light"
                aria-label={t('tariffAdmin.editTariff', { tariff: name(p.id) })}
                onClick={() => setEditing(p)}
              >
                {t('tariffAdmin.edit')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                aria-label={t('tariffAdmin.removeTariff', { tariff: name(p.id) })}
                onClick={() => void remove(p)}
              >
                {t('tariffAdmin.remove')}
              </Button>
            </Group>
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
