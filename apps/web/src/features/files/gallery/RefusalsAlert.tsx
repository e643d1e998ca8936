import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Files the upload refused, each with its reason in full (spec §8); nothing when there are none. */
export function RefusalsAlert({ refusals, onClose }: { refusals: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  if (refusals.length === 0) return null;
  return (
    <Alert color="red" role="alert" withCloseButton onClose={onClose} closeButtonLabel={t('common.close')}>
      <Stack gap={2}>
        {refusals.map((refusal) => (
          <Text key={refusal} size="sm">
            {refusal}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}
