import { Button, Pagination, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@vitrine/core';
import { DataTable, type Column } from '../../lib/list/DataTable';
import { downloadFile } from '../../api/download';
import { formatMoney } from './money';

/** Invoice numbers as printed on them: at least six digits. */
export const invoiceNumber = (n: number): string => String(n).padStart(6, '0');

/**
 * Numbered invoices with their PDF (docs/billing.md, "Invoices"): the owner's on /funds, any cabinet's in
 * /admin; `pdf` is the address of one invoice's file.
 */
export function InvoiceTable({
  rows,
  total,
  page,
  perPage,
  onPage,
  pdf,
}: {
  rows: Invoice[];
  total: number;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  pdf: (number: number) => string;
}) {
  const { t, i18n } = useTranslation();
  const columns: Column<Invoice>[] = [
    { key: 'number', header: t('invoices.number'), cell: (i) => invoiceNumber(i.number) },
    {
      key: 'date',
      header: t('funds.date'),
      cell: (i) => new Date(i.createdAt).toLocaleDateString(i18n.language),
    },
    { key: 'amount', header: t('funds.amountColumn'), cell: (i) => formatMoney(i.amount, i.currency) },
  ];
  return (
    <Stack>
      <DataTable
        rows={rows}
        rowKey={(i) => i.number}
        columns={columns}
        minWidth={340}
        label={t('invoices.title')}
        empty={<Text size="sm">{t('invoices.none')}</Text>}
        rowAction={{
          header: t('invoices.pdf'),
          cell: (i) => (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              aria-label={t('invoices.download', { number: invoiceNumber(i.number) })}
              onClick={() => void downloadFile(pdf(i.number), {}, `invoice-${invoiceNumber(i.number)}.pdf`)}
            >
              PDF
            </Button>
          ),
        }}
      />
      {total > perPage && <Pagination total={Math.ceil(total / perPage)} value={page} onChange={onPage} />}
    </Stack>
  );
}
