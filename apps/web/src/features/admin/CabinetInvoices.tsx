import { Loader, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InvoiceTable } from '../funds';
import { useAdminInvoices } from './admin.api';

/** /admin: a cabinet's invoices, each a PDF. */
export function CabinetInvoices({ cabinetId }: { cabinetId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data } = useAdminInvoices(cabinetId, page);
  return (
    <>
      <Title order={3} size="h5">
        {t('invoices.title')}
      </Title>
      {!data ? (
        <Loader />
      ) : (
        <InvoiceTable
          rows={data.invoices}
          total={data.total}
          page={page}
          perPage={10}
          onPage={setPage}
          pdf={(number) => `/admin/invoices/${number}/pdf`}
        />
      )}
    </>
  );
}
