import { useEffect } from 'react';
import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney } from './money';
import { useFunds, useFundsRefresh, usePayment } from './funds.api';

/** /funds/accepted: where a payment returns; shows the result once the provider's webhook has landed. */
const route = getRouteApi('/app/funds/accepted');

export function FundsAcceptedPage() {
  const { t } = useTranslation();
  const { session } = route.useSearch();
  const payment = usePayment(session);
  const { data: funds } = useFunds();
  const refresh = useFundsRefresh();
  const paid = payment.data?.status === 'paid';
  useEffect(() => {
    if (paid) void refresh();
  }, [paid]); // eslint-disable-line react-hooks/exhaustive-deps
  const currency = funds?.currency ?? 'usd';
  return (
    <Stack>
      <Title order={1} size="h2">
        {t('sections.fundsAccepted')}
      </Title>
      {!session || payment.isError ? (
        <Alert color="red">{t('funds.paymentUnknown')}</Alert>
      ) : !payment.data || !paid ? (
        <Stack align="flex-start" role="status">
          <Loader size="sm" />
          <Text>{t('funds.paymentPending')}</Text>
        </Stack>
      ) : (
        <Alert color="green" role="status" title={t('funds.paymentDone')}>
          {t('funds.paymentCredited', {
            amount: formatMoney(payment.data.amount, currency),
            balance: formatMoney(payment.data.balance, currency),
          })}
        </Alert>
      )}
      <Anchor component={Link} to="/funds">
        {t('funds.back')}
      </Anchor>
    </Stack>
  );
}
