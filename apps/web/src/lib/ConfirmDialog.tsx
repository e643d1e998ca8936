import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** 'Sure want to perform this action?' (spec §2): the dialog itself, loaded the first time it is asked. */
export function ConfirmDialog({
  text,
  onAnswer,
}: {
  text: string | null;
  onAnswer: (answer: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={text !== null} onClose={() => onAnswer(false)} title={t('confirm.title')} centered>
      <Text mb="lg">{text || t('confirm.text')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onAnswer(false)}>
          {t('common.cancel')}
        </Button>
        <Button color="red" onClick={() => onAnswer(true)} data-autofocus>
          {t('common.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
