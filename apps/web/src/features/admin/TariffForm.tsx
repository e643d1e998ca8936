import { useState } from 'react';
import { Button, Checkbox, Group, Modal, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  FEATURES,
  TARIFFS,
  TariffPlanInput,
  adminApi,
  formatMinor,
  parseMinor,
  type Feature,
  type TariffPlan,
} from '@vitrine/core';
import { areaKey } from '../../api/contract';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { useTariffName } from '../funds';
import { saveTariff } from './admin.api';
import { useUnsavedDialog } from '../../lib/unsaved';
import { MB, tariffStart } from './tariffValues';

type TariffFormState = ReturnType<typeof useTariffForm>;

function useTariffForm(start: TariffPlan) {
  return useZodForm(TariffPlanInput, { ...start, features: [...start.features] });
}

/** The screen limit (or none), the free slots and the storage per slot in megabytes. */
function LimitFields({ form }: { form: TariffFormState }) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}

/** The features the tariff opens, and whether it plays audio only. */
function FeatureFields({ form }: { form: TariffFormState }) {
  const { t } = useTranslation();
  return (
    <>
      <Checkbox.Group
        label={t('tariffAdmin.features')}
        value={form.values.features as Feature[]}
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
    </>
  );
}

/** One tariff's form: the price as exact text (never a float), storage in megabytes, the features. */
export function TariffForm({
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
  const start = tariffStart(plan, free);
  const form = useTariffForm(start);
  const [price, setPrice] = useState(formatMinor(start.monthlyPrice));
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
          <LimitFields form={form} />
          <FeatureFields form={form} />
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
