import { useState } from 'react';
import {
  Badge,
  Button,
  Drawer,
  Group,
  Loader,
  NumberInput,
  Pagination,
  Select,
  Stack,
  Switch,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  MANUAL_REASONS,
  NON_COMMERCIAL_MAX_PERCENT,
  TARIFFS,
  adminApi,
  MAX_ENTRY_AMOUNT,
  parseMinor,
  type AdminCabinet,
  type ManualReason,
  type Tariff,
} from '@vitrine/core';
import { areaKey } from '../../api/contract';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { useFormSubmit } from '../../lib/useZodForm';
import { ListHeader, SearchFilter } from '../../lib/list/ListKit';
import { LedgerTable, formatMoney, useTariffName, useRunwayText } from '../funds';
import { changeTerms, recordEntry, useAdminCabinets, useAdminLedger } from './admin.api';
import { TariffTable } from './TariffTable';
import { CabinetInvoices } from './CabinetInvoices';
import { SuppliersSection } from './SuppliersSection';

/** Money in or out of a cabinet with its reason: a bank transfer, a refund, a correction. */
function EntryForm({
  cabinet,
  currency,
  onDone,
}: {
  cabinet: AdminCabinet;
  currency: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState<ManualReason>('topUp');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; note?: string }>({});
  const validate = () => {
    const negative = amount.trim().startsWith('-');
    const minor = parseMinor(amount.replace(/^\s*-/, ''));
    const next = {
      ...(minor === null || minor === 0
        ? { amount: t('validation.invalid') }
        : minor > MAX_ENTRY_AMOUNT
          ? { amount: t('validation.amountTooLarge') }
          : {}),
      ...(note.trim() === '' ? { note: t('validation.required') } : {}),
    };
    setErrors(next);
    if (Object.keys(next).length > 0 || minor === null) return null;
    const signed = reason === 'refund' || (reason === 'correction' && negative) ? -minor : minor;
    return { reason, amount: signed, note: note.trim() };
  };
  const { busy, onSubmit } = useFormSubmit({ validate }, (body) => recordEntry(cabinet.id, body), {
    onSuccess: () => {
      setAmount('');
      setNote('');
      onDone();
    },
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="admin-entry">
      <Stack gap="xs">
        <Title order={3} size="h5" id="admin-entry">
          {t('billingAdmin.entry')}
        </Title>
        <Select
          label={t('funds.reason')}
          data={MANUAL_REASONS.map((r) => ({ value: r, label: t(`funds.reasons.${r}`) }))}
          value={reason}
          allowDeselect={false}
          onChange={(value) => value && setReason(value as ManualReason)}
        />
        <TextInput
          label={t('funds.amount', { currency: currency.toUpperCase() })}
          description={reason === 'correction' ? t('billingAdmin.signed') : undefined}
          inputMode="decimal"
          value={amount}
          error={errors.amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
        />
        <TextInput
          label={t('funds.note')}
          value={note}
          error={errors.note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Button type="submit" loading={busy}>
          {t('billingAdmin.record')}
        </Button>
      </Stack>
    </form>
  );
}

/** Tariff, discounts and the block. */
function TermsForm({ cabinet, onDone }: { cabinet: AdminCabinet; onDone: () => void }) {
  const { t } = useTranslation();
  const name = useTariffName();
  const [tariff, setTariff] = useState<Tariff>(cabinet.tariff);
  const [percent, setPercent] = useState<number>(cabinet.nonCommercialPercent);
  const [yearlyUntil, setYearlyUntil] = useState(cabinet.yearlyUntil ?? '');
  const [blocked, setBlocked] = useState(cabinet.blocked);
  const [note, setNote] = useState('');
  const terms = () => ({
    tariff,
    nonCommercialPercent: percent,
    yearlyUntil: yearlyUntil || null,
    blocked,
    ...(note.trim() ? { note: note.trim() } : {}),
  });
  const { busy, onSubmit } = useFormSubmit({ validate: terms }, (body) => changeTerms(cabinet.id, body), {
    onSuccess: onDone,
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="admin-terms">
      <Stack gap="xs">
        <Title order={3} size="h5" id="admin-terms">
          {t('billingAdmin.terms')}
        </Title>
        <Select
          label={t('funds.tariff')}
          data={TARIFFS.map((id) => ({ value: id, label: name(id) }))}
          value={tariff}
          allowDeselect={false}
          onChange={(value) => value && setTariff(value as Tariff)}
        />
        <NumberInput
          label={t('billingAdmin.nonCommercial')}
          min={0}
          max={NON_COMMERCIAL_MAX_PERCENT}
          allowDecimal={false}
          suffix=" %"
          value={percent}
          onChange={(value) => setPercent(typeof value === 'number' ? value : 0)}
        />
        <TextInput
          label={t('billingAdmin.yearlyUntil')}
          type="date"
          value={yearlyUntil}
          onChange={(e) => setYearlyUntil(e.currentTarget.value)}
        />
        <Switch
          label={t('billingAdmin.blocked')}
          checked={blocked}
          onChange={(e) => setBlocked(e.currentTarget.checked)}
        />
        <TextInput label={t('funds.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <Button type="submit" loading={busy}>
          {t('billingAdmin.save')}
        </Button>
      </Stack>
    </form>
  );
}

function CabinetDrawer({
  cabinet,
  currency,
  onClose,
}: {
  cabinet: AdminCabinet;
  currency: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const ledger = useAdminLedger(cabinet.id, page);
  const refresh = () => void client.invalidateQueries({ queryKey: areaKey(adminApi.cabinets) });
  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={cabinet.name}>
      <Stack>
        <Group>
          <Badge size="lg">{formatMoney(cabinet.balance, currency)}</Badge>
          <Badge color={cabinet.state === 'active' ? 'green' : 'red'}>
            {t(`funds.states.${cabinet.state}`)}
          </Badge>
        </Group>
        <EntryForm cabinet={cabinet} currency={currency} onDone={refresh} />
        <TermsForm key={`${cabinet.tariff}${cabinet.blocked}`} cabinet={cabinet} onDone={refresh} />
        <CabinetInvoices cabinetId={cabinet.id} />
        <Title order={3} size="h5">
          {t('funds.ledger')}
        </Title>
        {!ledger.data ? (
          <Loader />
        ) : (
          <>
            <LedgerTable rows={ledger.data.entries} currency={currency} />
            {ledger.data.total > 20 && (
              <Pagination total={Math.ceil(ledger.data.total / 20)} value={page} onChange={setPage} />
            )}
          </>
        )}
      </Stack>
    </Drawer>
  );
}

/** /admin (platform admin): customer cabinets and their billing (docs/billing.md, "Admin panel"). */
export function AdminPage() {
  const { t } = useTranslation();
  const runway = useRunwayText();
  const name = useTariffName();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [openId, setOpenId] = useState<number | null>(null);
  const { data } = useAdminCabinets(page, search);
  const currency = data?.currency ?? 'usd';
  const open = data?.cabinets.find((c) => c.id === openId) ?? null;
  const columns: Column<AdminCabinet>[] = [
    { key: 'name', header: t('billingAdmin.cabinet'), cell: (c) => c.name },
    { key: 'owner', header: t('billingAdmin.owner'), cell: (c) => c.owner ?? '—' },
    { key: 'tariff', header: t('funds.tariff'), cell: (c) => name(c.tariff) },
    { key: 'screens', header: t('billingAdmin.screens'), cell: (c) => c.screens },
    { key: 'balance', header: t('funds.balance'), cell: (c) => formatMoney(c.balance, currency) },
    {
      key: 'runway',
      header: t('funds.runway'),
      cell: (c) => (c.runwayDays === null ? '∞' : runway(c.runwayDays)),
    },
    {
      key: 'state',
      header: t('billingAdmin.state'),
      cell: (c) => (
        <Badge variant="light" color={c.state === 'active' || c.state === 'off' ? 'green' : 'red'}>
          {t(`funds.states.${c.state}`)}
        </Badge>
      ),
    },
  ];
  return (
    <Stack>
      <ListHeader title={t('menu.admin')} />
      <SearchFilter
        value={search}
        onChange={(value) => {
          setSearch(value);
          setPage(1);
        }}
      />
      {!data ? (
        <Loader />
      ) : (
        <>
          <DataTable
            rows={data.cabinets}
            rowKey={(c) => c.id}
            columns={columns}
            minWidth={760}
            rowAction={{
              header: t('billingAdmin.open'),
              cell: (c) => (
                <Button
                  size="xs"
                  variant="light"
                  aria-label={t('billingAdmin.openCabinet', { name: c.name })}
                  onClick={() => setOpenId(c.id)}
                >
                  {t('billingAdmin.open')}
                </Button>
              ),
            }}
          />
          {data.total > 20 && (
            <Pagination total={Math.ceil(data.total / 20)} value={page} onChange={setPage} />
          )}
        </>
      )}
      {open && <CabinetDrawer cabinet={open} currency={currency} onClose={() => setOpenId(null)} />}
      <TariffTable />
      <SuppliersSection />
    </Stack>
  );
}
