import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Recovery codes, shown once: listed, downloadable as a text file, dismissed when kept. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const download = () => {
    const blob = new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = 'recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack>
      <Alert color="yellow" role="status">
        {t('twofa.codesOnce')}
      </Alert>
      <Paper withBorder p="md" radius="sm">
        <List
          aria-label={t('twofa.codesTitle')}
          listStyleType="none"
          ff="monospace"
          style={{ columns: 2 }}
          data-testid="recovery-codes"
        >
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
      </Paper>
      <Text size="sm">{t('twofa.codesHelp')}</Text>
      <Group>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
          {t('twofa.download')}
        </Button>
        <Button onClick={onDone}>{t('twofa.saved')}</Button>
      </Group>
    </Stack>
  );
}
