import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, LEDGER_REASONS, parseMinor, type Funds, type LedgerReason } from '@vitrine/core';
import { useConfirm } from '../../lib/confirm';
import { useFormSubmit } from '../../lib/useZodForm';
import { Invoices } from './Invoices';
import { downloadFile } from '../../api/download';
import { LedgerTable } from './LedgerTable';
import { formatMoney } from './money';
import { LEDGER_PAGE, startRecharge, switchTariff, useFunds, useFundsRefresh, useLedger } from './funds.api';
import { TariffLimits, useTariffName } from './TariffLimits';
import { useRunwayText } from './runway';

/** The balance, how long it lasts, and the cabinet's state. */
function Summary({ funds }: { funds: Funds }) {
  const { t } = useTranslation();
  const runway = useRunwayText();
  const name = useTariffName();
  const money = (amount: number) => formatMoney(amount, funds.currency);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="funds-balance">
        <Text id="funds-balance" size="sm" c="dimmed">
          {t('funds.balance')}
        </Text>
        <Text fz={28} fw={700} data-testid="funds-balance">
          {money(funds.balance)}
        </Text>
        <Badge color={funds.state === 'active' ? 'green' : funds.state === 'off' ? 'gray' : 'red'}>
          {t(`funds.states.${funds.state}`)}
        </Badge>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="funds-runway">
        <Text id="funds-runway" size="sm" c="dimmed">
          {t('funds.runway')}
        </Text>
        <Text fz={28} fw={700}>
          {runway(funds.runwayDays)}
        </Text>
        <Text size="sm">{t('funds.dayCost', { amount: money(funds.dayCost), count: funds.screens })}</Text>
      </Paper>
      <Paper withBorder p="md" radius="md" component="section" aria-labelledby="funds-tariff">
        <Text id="funds-tariff" size="sm" c="dimmed">
          {t('funds.tariff')}
        </Text>
        <Text fz={28} fw={700}>
          {name(funds.plan.id)}
        </Text>
        <TariffLimits plan={funds.plan} />
        {funds.discounts.map((d) => (
          <Text size="sm" key={d.kind}>
            {t(`funds.discounts.${d.kind}`, { percent: d.bp / 100 })}
          </Text>
        ))}
      </Paper>
    </SimpleGrid>
  );
}

/** Recharge: the amount, then the payment provider's page. */
function Recharge({ funds }: { funds: Funds }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const validate = () => {
    const amount = parseMinor(text);
    if (amount === null || amount < 100) {
      setError(t('funds.amountInvalid'));
      return null;
    }
    return amount;
  };
  // Off to the payment provider's page once the server opened the payment.
  const { busy, onSubmit } = useFormSubmit({ validate }, startRecharge, {
    onSuccess: ({ url }) => window.location.assign(url),
  });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="funds-recharge">
      <Title order={2} size="h4" id="funds-recharge" mb="sm">
        {t('funds.recharge')}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Group align="flex-end">
          <TextInput
            label={t('funds.amount', { currency: funds.currency.toUpperCase() })}
            inputMode="decimal"
            value={text}
            error={error}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(null);
            }}
          />
          <Button type="submit" loading={busy}>
            {t('funds.pay')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

/** The tariffs, each with what switching to it changes for the rest of this month. */
function Tariffs({ funds }: { funds: Funds }) {
  const { t } = useTranslation();
  const name = useTariffName();
  const confirm = useConfirm();
  const refresh = useFundsRefresh();
  const money = (amount: number) => formatMoney(amount, funds.currency);
  const change = async (plan: Funds['plans'][number]) => {
    const difference =
      plan.difference === 0
        ? t('funds.sameCost')
        : t(plan.difference > 0 ? 'funds.costsMore' : 'funds.costsLess', {
            amount: money(Math.abs(plan.difference)),
          });
    if (!(await confirm(t('funds.switchConfirm', { tariff: name(plan.id), difference })))) return;
    await switchTariff(plan.id).catch(() => undefined);
    await refresh();
  };
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="funds-tariffs">
      <Title order={2} size="h4" id="funds-tariffs" mb="sm">
        {t('funds.tariffs')}
      </Title>
      <Table.ScrollContainer minWidth={620}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('funds.tariff')}</Table.Th>
              <Table.Th ta="right">{t('funds.price')}</Table.Th>
              <Table.Th>{t('funds.limits')}</Table.Th>
              <Table.Th ta="right">{t('funds.thisMonth')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('funds.switch')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {funds.plans.map((plan) => (
              <Table.Tr key={plan.id}>
                <Table.Td fw={600}>{name(plan.id)}</Table.Td>
                <Table.Td ta="right">{money(plan.monthlyPrice)}</Table.Td>
                <Table.Td>
                  <TariffLimits plan={plan} />
                </Table.Td>
                <Table.Td ta="right">
                  {plan.difference > 0 ? '+' : ''}
                  {money(plan.difference)}
                </Table.Td>
                <Table.Td>
                  {plan.id === funds.plan.id ? (
                    <Badge variant="light">{t('funds.current')}</Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant="light"
                      disabled={!plan.fits}
                      aria-label={t('funds.switchTo', { tariff: name(plan.id) })}
                      onClick={() => void change(plan)}
                    >
                      {t('funds.switch')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The ledger: every movement with its reason, by reason, a page at a time. */
function Ledger({ currency }: { currency: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [reason, setReason] = useState<LedgerReason | undefined>(undefined);
  const { data } = useLedger(page, reason);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="funds-ledger">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="funds-ledger">
          {t('funds.ledger')}
        </Title>
        <Group align="flex-end">
          <Select
            label={t('funds.reason')}
            clearable
            placeholder={t('funds.allReasons')}
            data={LEDGER_REASONS.map((r) => ({ value: r, label: t(`funds.reasons.${r}`) }))}
            value={reason ?? null}
            onChange={(value) => {
              setReason((value as LedgerReason | null) ?? undefined);
              setPage(1);
            }}
          />
          {EXPORT_FORMATS.map((format) => (
            <Button
              key={format}
              variant="default"
              leftSection={<IconDownload size={16} />}
              aria-label={t('funds.download', { format: format.toUpperCase() })}
              onClick={() =>
                void downloadFile(
                  '/funds/export',
                  { format, ...(reason ? { reason } : {}) },
                  `ledger.${format}`,
                )
              }
            >
              {format.toUpperCase()}
            </Button>
          ))}
        </Group>
      </Group>
      {!data ? (
        <Loader />
      ) : (
        <Stack>
          <LedgerTable rows={data.entries} currency={currency} />
          {data.total > LEDGER_PAGE && (
            <Pagination
              total={Math.ceil(data.total / LEDGER_PAGE)}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': t(`funds.page.${control}`) })}
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}

/** /funds (owner): balance, runway, tariff, recharge, switch tariff, the ledger (spec §2, docs/billing.md). */
export function FundsPage() {
  const { t } = useTranslation();
  const { data: funds } = useFunds();
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('sections.funds')}
      </Title>
      {!funds ? (
        <Loader />
      ) : (
        <>
          {funds.billing === 'off' && <Alert color="gray">{t('funds.off')}</Alert>}
          {(funds.state === 'locked' || funds.state === 'dark') && (
            <Alert color="red" title={t('errors.BALANCE_NOT_ENOUGH')}>
              {t('funds.hints.BALANCE_NOT_ENOUGH')}
            </Alert>
          )}
          {/* A blocked cabinet is said once, by the layout's banner above every page. */}
          <Summary funds={funds} />
          {funds.recharge && <Recharge funds={funds} />}
          {funds.billing === 'on' && <Tariffs funds={funds} />}
          <Ledger currency={funds.currency} />
          <Invoices />
        </>
      )}
    </Stack>
  );
}
