import { SharedAccessSection } from './SharedAccessSection';

/**
 * /account-access: shared access for those the role table lets share it without managing members
 * (moderators, spec §6); owners find the same section on the members page.
 */
export function SharedAccessPage() {
  return <SharedAccessSection page />;
}
