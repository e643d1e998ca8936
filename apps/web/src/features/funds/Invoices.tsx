import { Loader, Paper, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INVOICE_PAGE, useInvoices } from './funds.api';
import { InvoiceTable } from './InvoiceTable';

/** /funds: the owner's invoices, each a PDF. */
export function Invoices() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data } = useInvoices(page);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="funds-invoices">
      <Title order={2} size="h4" id="funds-invoices" mb="sm">
        {t('invoices.title')}
      </Title>
      {!data ? (
        <Loader />
      ) : (
        <InvoiceTable
          rows={data.invoices}
          total={data.total}
          page={page}
          perPage={INVOICE_PAGE}
          onPage={setPage}
          pdf={(number) => `/funds/invoices/${number}/pdf`}
        />
      )}
    </Paper>
  );
}
