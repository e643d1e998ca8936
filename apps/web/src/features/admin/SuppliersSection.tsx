import { useState } from 'react';
import {
  Badge,
  Button,
  Drawer,
  Loader,
  NumberInput,
  PasswordInput,
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
  AD_SUPPLIER_KINDS,
  SUPPLIER_ADAPTERS,
  SupplierCreate,
  supplierApi,
  type AdSupplier,
  type Supplier,
  type SupplierAdapter,
} from '@vitrine/core';
import { areaKey } from '../../api/contract';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { useFormSubmit, useZodForm } from '../../lib/useZodForm';
import { supplierValues } from './supplierValues';
import { createSupplier, patchSupplier, useSupplierChanges, useSuppliers } from './suppliers.api';

/** Who changed a supplier, when, and which fields. */
function SupplierChanges({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const { data } = useSupplierChanges(id);
  if (!data) return <Loader size="sm" />;
  if (data.data.length === 0) return <Text size="sm">{t('sspAdmin.noChanges')}</Text>;
  return (
    <Stack gap={4}>
      {data.data.map((change) => (
        <Text size="sm" key={change.id}>
          {t('sspAdmin.changedBy', {
            user: change.userName ?? '—',
            date: new Date(change.createdDate).toLocaleString(i18n.language),
          })}
          {': '}
          {Object.entries(change.changes)
            .map(
              ([field, { old, new: value }]) => `${field} ${JSON.stringify(old)} → ${JSON.stringify(value)}`,
            )
            .join('; ')}
        </Text>
      ))}
    </Stack>
  );
}

/** One supplier's settings (a new one when `supplier` is null). */
function SupplierForm({ supplier, onDone }: { supplier: Supplier | null; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(SupplierCreate, supplierValues(supplier));
  const submit = useFormSubmit(
    form,
    (body) => {
      // A key left empty keeps the stored one.
      const { key, ...rest } = body;
      const sent = key ? { ...rest, key } : rest;
      return supplier ? patchSupplier(supplier.id, sent) : createSupplier(sent);
    },
    { onSuccess: onDone },
  );
  const { values, set, errors } = form;
  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <Stack gap="xs">
        <TextInput label={t('sspAdmin.name')} {...form.inputProps('name')} />
        <Select
          label={t('sspAdmin.kind')}
          data={AD_SUPPLIER_KINDS.map((k) => ({ value: k, label: t(`playlists.suppliers.${k}`) }))}
          value={values.kind}
          allowDeselect={false}
          onChange={(value) => value && set('kind', value as AdSupplier)}
        />
        <Select
          label={t('sspAdmin.adapter')}
          data={SUPPLIER_ADAPTERS.map((a) => ({ value: a, label: t(`sspAdmin.adapters.${a}`) }))}
          value={values.adapter}
          allowDeselect={false}
          onChange={(value) => value && set('adapter', value as SupplierAdapter)}
        />
        <TextInput
          label={t('sspAdmin.endpoint')}
          type="url"
          value={values.endpoint ?? ''}
          error={errors['endpoint']}
          onChange={(e) => set('endpoint', e.currentTarget.value.trim() || null)}
        />
        <PasswordInput
          label={t('sspAdmin.key')}
          description={supplier?.hasKey ? t('sspAdmin.keyStored') : undefined}
          value={values.key ?? ''}
          error={errors['key']}
          autoComplete="off"
          onChange={(e) => set('key', e.currentTarget.value || null)}
        />
        <TextInput label={t('sspAdmin.currency')} maxLength={3} {...form.inputProps('currency')} />
        <TextInput label={t('sspAdmin.floor')} inputMode="decimal" {...form.inputProps('floor')} />
        <NumberInput
          label={t('sspAdmin.timeout')}
          min={50}
          max={10000}
          allowDecimal={false}
          value={values.timeoutMs}
          error={errors['timeoutMs']}
          onChange={(value) => set('timeoutMs', typeof value === 'number' ? value : 0)}
        />
        <Switch label={t('sspAdmin.enabled')} {...form.checkboxProps('enabled')} />
        <Button type="submit" loading={submit.busy}>
          {t('sspAdmin.save')}
        </Button>
        {supplier && (
          <>
            <Title order={3} size="h5">
              {t('sspAdmin.changes')}
            </Title>
            <SupplierChanges id={supplier.id} />
          </>
        )}
      </Stack>
    </form>
  );
}

/** The admin panel's ad suppliers (docs/ssp.md, "Suppliers"). */
export function SuppliersSection() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { data } = useSuppliers();
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const done = () => {
    setEditing(null);
    void client.invalidateQueries({ queryKey: areaKey(supplierApi.list) });
  };
  const columns: Column<Supplier>[] = [
    { key: 'name', header: t('sspAdmin.name'), cell: (s) => s.name },
    { key: 'kind', header: t('sspAdmin.kind'), cell: (s) => t(`playlists.suppliers.${s.kind}`) },
    { key: 'adapter', header: t('sspAdmin.adapter'), cell: (s) => t(`sspAdmin.adapters.${s.adapter}`) },
    { key: 'endpoint', header: t('sspAdmin.endpoint'), cell: (s) => s.endpoint ?? '—' },
    { key: 'floor', header: t('sspAdmin.floor'), cell: (s) => `${s.floor} ${s.currency}` },
    { key: 'timeout', header: t('sspAdmin.timeout'), cell: (s) => s.timeoutMs },
    {
      key: 'enabled',
      header: t('sspAdmin.enabled'),
      cell: (s) => (
        <Badge variant="light" color={s.enabled ? 'green' : 'gray'}>
          {s.enabled ? t('sspAdmin.on') : t('sspAdmin.off')}
        </Badge>
      ),
    },
    {
      key: 'updated',
      header: t('sspAdmin.updated'),
      cell: (s) => `${new Date(s.updatedDate).toLocaleDateString(i18n.language)} ${s.updatedBy ?? ''}`,
    },
  ];
  return (
    <Stack component="section" aria-labelledby="admin-suppliers">
      <Title order={2} size="h4" id="admin-suppliers">
        {t('sspAdmin.title')}
      </Title>
      {!data ? (
        <Loader />
      ) : (
        <DataTable
          rows={data.data}
          rowKey={(s) => s.id}
          columns={columns}
          minWidth={900}
          rowAction={{
            header: t('sspAdmin.edit'),
            cell: (s) => (
              <Button
                size="xs"
                variant="light"
                aria-label={t('sspAdmin.editSupplier', { name: s.name })}
                onClick={() => setEditing(s)}
              >
                {t('sspAdmin.edit')}
              </Button>
            ),
          }}
        />
      )}
      <div>
        <Button variant="light" onClick={() => setEditing('new')}>
          {t('sspAdmin.add')}
        </Button>
      </div>
      {editing && (
        <Drawer
          opened
          onClose={() => setEditing(null)}
          position="right"
          size="md"
          title={editing === 'new' ? t('sspAdmin.add') : editing.name}
        >
          <SupplierForm supplier={editing === 'new' ? null : editing} onDone={done} />
        </Drawer>
      )}
    </Stack>
  );
}
