/** What other features show of a cabinet's money: amounts, tariffs, the ledger, invoices, the runway. */
export { formatMoney } from './money';
export { TariffLimits, useTariffName } from './TariffLimits';
export { LedgerTable } from './LedgerTable';
export { InvoiceTable } from './InvoiceTable';
export { useRunwayText } from './runway';
export { BillingCard } from './BillingCard';
