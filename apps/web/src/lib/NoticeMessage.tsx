import { useState } from 'react';
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_MAX_LENGTH } from '@vitrine/core';
import { truncateMessage } from './notices';

/** A toast's text: cut to 25 characters and three dots (spec §8), with the whole of it one click away. */
export function NoticeMessage({ text }: { text: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (text.length <= NOTIFICATION_MAX_LENGTH) return <>{text}</>;
  return (
    <>
      <Text span inherit style={{ overflowWrap: 'anywhere' }}>
        {open ? text : truncateMessage(text)}
      </Text>{' '}
      <Anchor
        component="button"
        type="button"
        size="xs"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
      >
        {open ? t('notify.less') : t('notify.more')}
      </Anchor>
    </>
  );
}
